import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError, type Shortage } from '../api/client.ts';
import { Button } from '../components/Button.tsx';
import { ErrorLines } from '../components/FormField.tsx';
import { LineItem, LineList } from '../components/LineItem.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { PaymentPanel, ShippingPanel } from '../features/checkout/CheckoutDetails.tsx';
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
  const placeOrder = useStore((s) => s.placeOrder);
  const removeFromCart = useStore((s) => s.removeFromCart);
  const lines = useStore((s) => s.cart.lines);
  const state = useLoad(getCart, []);
  // The server's figures, from the same answer as the lines.
  const figures = useStore((s) => s.cart.figures);
  const itemCount = lines.length;
  const navigate = useNavigate();
  // While an order is on its way the cart empties; that must not bounce the shopper to /cart.
  const [placing, setPlacing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // The products the last attempt could not get enough of, by id.
  const [shortages, setShortages] = useState<Map<number, Shortage>>(new Map());

  if (state.status === 'ready' && itemCount === 0 && !placing) return <Navigate to={paths.cart} replace />;

  const place = () => {
    setPlacing(true);
    setErrors([]);
    placeOrder().then(
      (order) => navigate(to.orderConfirmation(order.id)),
      (error: unknown) => {
        setPlacing(false);
        setErrors(orderErrors(error));
        setShortages(new Map(error instanceof ApiError ? error.shortages.map((s) => [s.productId, s]) : []));
      },
    );
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

  return (
    <>
      <PageHead title="Checkout" />
      <LoadGate state={state} notFound={null}>
        <div className={styles.twoColumns}>
          <div className={styles.stack}>
            <ShippingPanel />
            <PaymentPanel />
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
            <OrderSummary figures={figures} itemCount={itemCount}>
              <ErrorLines lines={errors} />
              <Button wide onClick={place} disabled={placing || itemCount === 0}>
                {placing ? 'Placing your order…' : 'Place your order'}
              </Button>
            </OrderSummary>
          </div>
        </div>
      </LoadGate>
    </>
  );
}

/** What went wrong, for the shopper: the server's lines, or its message (docs/rules.md#screens). */
function orderErrors(error: unknown): string[] {
  if (error instanceof ApiError) {
    // A 409 (the cart changed elsewhere) also reloads the cart, so the page shows what will be ordered.
    return error.errors.length > 0 ? error.errors : [error.message];
  }
  return ["We couldn't reach the store. Check your connection and try again."];
}
