import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError, type Shortage } from '../api/client.ts';
import type { Order, PaymentInput } from '../api/types.ts';
import { Button } from '../components/Button.tsx';
import { ErrorLines } from '../components/FormField.tsx';
import { LineItem, LineList } from '../components/LineItem.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AddressChooser } from '../features/addresses/AddressChooser.tsx';
import { CardForm } from '../features/checkout/CardForm.tsx';
import { DeliveryChoice } from '../features/checkout/DeliveryChoice.tsx';
import { PaymentChoice } from '../features/checkout/PaymentChoice.tsx';
import { PromotionCode } from '../features/checkout/PromotionCode.tsx';
import { StripeCardElement } from '../features/checkout/StripeCardElement.tsx';
import { useCardForm } from '../features/checkout/useCardForm.ts';
import { useCheckout } from '../features/checkout/useCheckout.ts';
import { useStripeCard } from '../features/checkout/useStripeCard.ts';
import { paths, to } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import styles from './pages.module.css';

export default function CheckoutPage() {
  usePageTitle('Checkout');
  const signedIn = useStore((s) => s.session.user !== null);
  return signedIn ? <Checkout /> : <Navigate to={paths.cart} replace />;
}

function Checkout() {
  const getCart = useStore((s) => s.getCart);
  const listAddresses = useStore((s) => s.listAddresses);
  const listShippingMethods = useStore((s) => s.listShippingMethods);
  const listPaymentMethods = useStore((s) => s.listPaymentMethods);
  const placeOrder = useStore((s) => s.placeOrder);
  const createStripeIntent = useStore((s) => s.createStripeIntent);
  const removeFromCart = useStore((s) => s.removeFromCart);
  const lines = useStore((s) => s.cart.lines);
  const methods = useStore((s) => s.checkout.methods);
  const paymentMethods = useStore((s) => s.checkout.paymentMethods);
  // The page may have come with all of it, the server's first screen drawn from it
  // (src/storefront/checkout.rs): then it shows at once, and the loads refresh it.
  const [carried] = useState(() => useStore.getState().checkout.quoteCarried);
  const loaded = useLoad(
    () => Promise.all([getCart(), listAddresses(), listShippingMethods(), listPaymentMethods()]),
    [],
    carried,
  );
  // Every figure, the address and the method are the server's quote for the shopper's choices.
  const checkout = useCheckout(loaded.status === 'ready', carried);
  const { quote } = checkout;
  const card = useCardForm();
  // A card is taken through Stripe when the server names its settings; else by the test provider's form.
  const stripeSettings = paymentMethods.find((m) => m.id === 'card')?.stripe ?? undefined;
  const byStripe = checkout.paymentMethod === 'card' && stripeSettings !== undefined;
  const stripeCard = useStripeCard(byStripe ? stripeSettings : undefined, quote?.total);
  const itemCount = lines.length;
  const navigate = useNavigate();
  // While an order is on its way the cart empties; that must not bounce the shopper to /cart.
  const [placing, setPlacing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // The products the last attempt could not get enough of, by id.
  const [shortages, setShortages] = useState<Map<number, Shortage>>(new Map());

  if (loaded.status === 'ready' && itemCount === 0 && !placing) return <Navigate to={paths.cart} replace />;

  /**
   * Nothing was ordered: what is about the card shows by it (`claim`: a decline, a
   * field's line), the rest here.
   */
  const refused = (claim: (error: unknown, lines: string[]) => string[]) => (error: unknown) => {
    setPlacing(false);
    const rest = claim(error, orderErrors(error));
    setErrors(rest);
    setShortages(new Map(error instanceof ApiError ? error.shortages.map((s) => [s.productId, s]) : []));
    // Price the cart again as it is now (a code used up meanwhile is then refused by the
    // code's field, and dropped). A refused card changes no figure.
    if (error instanceof ApiError && (error.status === 409 || (error.status === 400 && rest.length > 0)))
      checkout.requote();
  };
  const placed = (order: Order) => navigate(to.orderConfirmation(order.id));

  // Through Stripe: the card is taken first (its fields checked, an intent made for the
  // quote's order, the card confirmed), then the order names the intent. A card refused
  // on the way orders nothing and keeps everything as it was.
  const placeByStripe = () => {
    setPlacing(true);
    setErrors([]);
    stripeCard
      .pay(JSON.stringify(quote), () => createStripeIntent(quote))
      .then((payment) => (payment ? placeOrder(quote, payment) : undefined))
      .then((order) => (order ? placed(order) : setPlacing(false)), refused(stripeCard.claim));
  };

  const place = () => {
    if (byStripe) return placeByStripe();
    // A card goes with the order only once its form is filled in; the RedCard needs nothing.
    let payment: PaymentInput | undefined;
    if (checkout.paymentMethod === 'card') {
      const typed = card.submit();
      if (typed === undefined) return;
      payment = { method: 'card', card: typed };
    }
    setPlacing(true);
    setErrors([]);
    placeOrder(quote, payment).then(placed, refused(payment ? card.claim : (_, lines) => lines));
  };

  // Removing a short line: once no line of a short product is left, it is no longer short.
  // The order's errors go once nothing they named is left: no short product, no choice gone.
  const remove = (cartId: number, productId: number) => {
    void removeFromCart(cartId).then(() => {
      const left = useStore.getState().cart.lines;
      setShortages((now) => {
        const next = new Map(now);
        if (!left.some((l) => l.productId === productId)) next.delete(productId);
        if (next.size === 0 && !left.some((l) => l.variantGone)) setErrors([]);
        return next;
      });
    });
  };

  // A code refused at the order is then refused by the quote too: its reason shows by the code's field.
  const shownErrors = errors.filter((line) => line !== checkout.code.refusal);
  const state = loaded.status === 'ready' ? checkout.state : loaded;

  return (
    <>
      <PageHead title="Checkout" />
      <LoadGate state={state} notFound={null}>
        {quote && (
          <div className={styles.twoColumns}>
            <div className={styles.stack}>
              <AddressChooser shipTo={quote.address} chosenId={checkout.addressId} onChoose={checkout.chooseAddress}>
                <DeliveryChoice
                  methods={methods}
                  chosenId={checkout.methodId ?? quote.shippingMethod.id}
                  quoted={{ methodId: quote.shippingMethod.id, shipping: quote.shipping }}
                  onChoose={checkout.chooseMethod}
                />
              </AddressChooser>
              <PaymentChoice methods={paymentMethods} chosen={checkout.paymentMethod} onChoose={checkout.choosePayment}>
                {stripeSettings ? (
                  <StripeCardElement card={stripeCard} testMode={stripeSettings.publishableKey.startsWith('pk_test_')} />
                ) : (
                  <CardForm card={card} />
                )}
              </PaymentChoice>
              <section className={styles.panel} aria-labelledby="checkout-items">
                <h2 id="checkout-items">Items ({itemCount})</h2>
                <LineList label="Items to order">
                  {lines.map((line) => {
                    const short = shortages.get(line.productId);
                    return (
                      <LineItem key={line.cartId} line={line}>
                        {short && (
                          <span className={styles.shortNote}>
                            {short.left === 0 ? 'Out of stock' : `Only ${short.left} left`}
                          </span>
                        )}
                        {/* A choice no longer sold blocks the order (409) until it goes: it can go from here. */}
                        {(short || line.variantGone) && (
                          <Button variant="quiet" size="small" onClick={() => remove(line.cartId, line.productId)}>
                            Remove<span className="visually-hidden"> {line.name}</span>
                          </Button>
                        )}
                      </LineItem>
                    );
                  })}
                </LineList>
              </section>
            </div>
            <div className={styles.sticky}>
              <OrderSummary figures={quote} itemCount={itemCount}>
                <PromotionCode {...checkout.code} />
                {checkout.failed && (
                  <div role="alert" className={styles.stale}>
                    <p>We couldn't update your total. Check your connection and try again.</p>
                    <Button variant="quiet" size="small" onClick={checkout.requote}>
                      Try again
                    </Button>
                  </div>
                )}
                <ErrorLines lines={shownErrors} />
                <Button
                  wide
                  onClick={place}
                  disabled={placing || itemCount === 0 || !checkout.current || (byStripe && !stripeCard.ready)}
                >
                  {placing ? 'Placing your order…' : 'Place your order'}
                </Button>
              </OrderSummary>
            </div>
          </div>
        )}
      </LoadGate>
    </>
  );
}

/** What went wrong, for the shopper: the server's lines, or its message (docs/rules.md#screens). */
function orderErrors(error: unknown): string[] {
  if (error instanceof ApiError) {
    // A 409 (the cart changed elsewhere, or the code can no longer be used) also reloads
    // the cart, so the page shows what will be ordered.
    return error.errors.length > 0 ? error.errors : [error.message];
  }
  return ["We couldn't reach the store. Check your connection and try again."];
}
