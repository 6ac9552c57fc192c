import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { PaymentMethodId, QuoteInput } from '../../api/types.ts';
import type { LoadState } from '../../lib/useLoad.ts';
import { useStore } from '../../store/index.ts';

/** What a refusal says: its first line, or its message. */
const reasonOf = (error: ApiError) => error.errors[0] ?? error.message;

/**
 * The checkout's choices and the quote for them (docs/rules.md#checkout). The cart is
 * priced again whenever the address, the method, the code, the way to pay, the cart or
 * the address book changes (an edited address may be in another state), and once more
 * on `requote` (an order the server refused). A code the store refuses is dropped with
 * its reason, and the cart priced without it; an address or method gone meanwhile falls
 * back to the defaults. Starts once `ready` (the cart, the book and the methods are loaded).
 *
 * The way to pay is the RedCard until the shopper chooses a card: the quote then carries
 * `payment: {method}` (never the card itself, which only the order sends) and has no
 * RedCard 5%. While it is the RedCard the quote carries no `payment`, so a shopper who
 * changes nothing asks exactly what the spec's checkout asked.
 *
 * With `carried`, the store's quote came with the page for no choice (the checkout's
 * first quote; the server drew the screen from it): it is shown at once and not asked again.
 */
export function useCheckout(ready: boolean, carried = false) {
  const lines = useStore((s) => s.cart.lines);
  const book = useStore((s) => s.addresses.list);
  const quote = useStore((s) => s.checkout.quote);
  const quoteCheckout = useStore((s) => s.quoteCheckout);
  const [choice, setChoice] = useState<QuoteInput>({});
  const [codeText, setCodeText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [status, setStatus] = useState<'waiting' | 'quoting' | 'ready' | 'failed'>(carried ? 'ready' : 'waiting');
  // Whether a quote of this visit has come: the store may hold one from an earlier visit.
  const [seen, setSeen] = useState(carried);
  const [again, setAgain] = useState(0);
  const skipFirst = useRef(carried);
  const cartKey = lines.map((l) => l.cartId).join(',');
  // By what the book says, not by its copy: reloading the same book prices nothing again.
  const bookKey = JSON.stringify(book);
  const empty = lines.length === 0;

  // The page's quote is this visit's: a later visit asks its own.
  useEffect(() => {
    if (carried) useStore.setState((s) => ({ checkout: { ...s.checkout, quoteCarried: false } }));
  }, [carried]);

  useEffect(() => {
    if (!ready || empty) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    setStatus('quoting');
    quoteCheckout(choice).then(
      () => {
        if (!live) return;
        setStatus('ready');
        setSeen(true);
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 400 && choice.promotionCode) {
          setRefusal(reasonOf(error));
          setCodeText(choice.promotionCode);
          setChoice(({ promotionCode: _, ...rest }) => rest);
        } else if (error instanceof ApiError && error.status === 404 && (choice.addressId != null || choice.shippingMethodId != null)) {
          setChoice(({ promotionCode, payment }) => ({ ...(promotionCode && { promotionCode }), ...(payment && { payment }) }));
        } else {
          setStatus('failed');
        }
      },
    );
    return () => {
      live = false;
    };
  }, [ready, empty, cartKey, bookKey, choice, again, quoteCheckout]);

  // The first screen waits for the first quote: every figure, and the address, are its.
  const state: LoadState = seen
    ? { status: 'ready' }
    : status === 'failed'
      ? { status: 'error', error: new Error("The cart couldn't be priced.") }
      : { status: 'loading' };

  // The code is shown applied once a quote carries it (the server keeps codes in capitals).
  const wanted = choice.promotionCode?.trim().toUpperCase();
  const applied = wanted !== undefined && quote?.promotionCode === wanted ? wanted : null;

  return {
    state,
    quote: seen ? quote : null,
    /** A quote for the current choice has come; the order may be placed. */
    current: status === 'ready',
    /** A quote after the first failed: the figures shown may be out of date. */
    failed: seen && status === 'failed',
    addressId: choice.addressId ?? quote?.addressId ?? null,
    methodId: choice.shippingMethodId ?? quote?.shippingMethod.id ?? null,
    /** How the shopper pays: the RedCard unless they chose otherwise. */
    paymentMethod: choice.payment?.method ?? 'redcard',
    chooseAddress: (addressId: number) => setChoice((c) => ({ ...c, addressId })),
    chooseMethod: (shippingMethodId: number) => setChoice((c) => ({ ...c, shippingMethodId })),
    choosePayment: (method: PaymentMethodId) =>
      setChoice((c) => {
        if ((c.payment?.method ?? 'redcard') === method) return c;
        const { payment: _, ...rest } = c;
        return method === 'redcard' ? rest : { ...rest, payment: { method } };
      }),
    code: {
      applied,
      text: codeText,
      onText: setCodeText,
      refusal,
      applying: status === 'quoting' && wanted !== undefined && applied === null,
      onApply: (promotionCode: string) => {
        setRefusal(undefined);
        setChoice((c) => ({ ...c, promotionCode }));
      },
      onRemove: () => {
        setRefusal(undefined);
        setCodeText('');
        setChoice(({ promotionCode: _, ...rest }) => rest);
      },
    },
    requote: () => setAgain((n) => n + 1),
  };
}
