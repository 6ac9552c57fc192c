import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { PaymentInput, StripeIntent, StripeSettings } from '../../api/types.ts';
import { loadStripe, stripeAmount, type Stripe, type StripeElements, type StripePaymentElement } from '../../lib/stripe.ts';
import { stripeCheckout } from '../../lib/stripePayment.ts';

/** The store's colours and shapes, for Stripe's Appearance API (web/src/styles/tokens.css). */
const APPEARANCE = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#1a73e8',
    colorText: '#333333',
    colorDanger: '#cc0000',
    colorBackground: '#ffffff',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    borderRadius: '8px',
  },
} as const;

interface Loaded {
  stripe: Stripe;
  elements: StripeElements;
}

/**
 * A card paid through Stripe (docs/rules.md#payments): Stripe.js loaded once the card is
 * chosen (`settings` given), its Elements group made for the quote's `total` and kept
 * up to date with it, and the Payment Element mounted by `mount` (a ref). Held by the
 * checkout page, as the test provider's form is, so the order button can pay with it.
 * Why the card was refused (Stripe's decline, or the order's 402) shows by the card
 * until the card changes.
 *
 * A card authorized for an order whose placing got no answer is not taken again for the
 * same order (lib/stripePayment.ts: stripeCheckout).
 */
export function useStripeCard(settings: StripeSettings | undefined, total: number | undefined) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [declined, setDeclined] = useState<string>();
  const [tries, setTries] = useState(0);
  const element = useRef<StripePaymentElement>(undefined);
  const [payments] = useState(stripeCheckout);
  const amount = total === undefined ? undefined : stripeAmount(total);

  const jsUrl = settings?.jsUrl;
  const publishableKey = settings?.publishableKey;
  useEffect(() => {
    if (jsUrl === undefined || publishableKey === undefined || amount === undefined || loaded) return;
    let live = true;
    setFailed(false);
    loadStripe({ jsUrl, publishableKey })
      .then((stripe) => ({
        stripe,
        // Made for the total of now; a later total goes by update(), below.
        elements: stripe.elements({
          mode: 'payment',
          amount,
          currency: 'usd',
          // The server captures once the order is written (one order, one capture).
          captureMethod: 'manual',
          paymentMethodTypes: ['card'],
          appearance: APPEARANCE,
        }),
      }))
      .then(
        (made) => live && setLoaded(made),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [jsUrl, publishableKey, amount, loaded, tries]);

  useEffect(() => {
    if (loaded && amount !== undefined) loaded.elements.update({ amount });
  }, [loaded, amount]);

  /**
   * The Payment Element's place (a callback ref): the element is made and mounted into
   * it, and destroyed when it goes (the shopper chose the RedCard); a new one is made if
   * the card is chosen again.
   */
  const mount = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || !loaded) return;
      const made = loaded.elements.create('payment', { layout: 'tabs' });
      made.on('ready', () => setReady(true)).on('change', () => setDeclined(undefined));
      made.mount(node);
      element.current = made;
      return () => {
        made.destroy();
        if (element.current === made) element.current = undefined;
        setReady(false);
      };
    },
    [loaded],
  );

  const refuse = (reason: string) => {
    setDeclined(reason);
    element.current?.focus();
  };

  return {
    mount,
    /** The Payment Element is shown: the card may be paid with. */
    ready,
    /** Stripe.js could not be loaded (offline, blocked): the card cannot be taken. */
    failed,
    /** Loads Stripe.js again after it failed. */
    retry: () => setTries((n) => n + 1),
    /** Why the card was refused, shown by it. */
    declined,
    /**
     * Takes the card for `order` (the quote it is paid for, as text): the payment to place
     * the order with, or nothing when the card refused (its reason is shown by it).
     * Rejects with `createIntent`'s refusal (a stale cart), for the page to show.
     */
    pay: async (order: string, createIntent: () => Promise<StripeIntent>): Promise<PaymentInput | undefined> => {
      setDeclined(undefined);
      if (!loaded || !ready) return undefined;
      const outcome = await payments.pay(order, loaded.stripe, loaded.elements, createIntent);
      if ('refused' in outcome) {
        if (outcome.refused !== null) refuse(outcome.refused);
        return undefined;
      }
      return { method: 'card', paymentIntentId: outcome.paid };
    },
    /**
     * Takes what the order's refusal says about the card: a 402's reason (the intent was
     * not paid), shown by it. Any answer of the server's ends the intent's use: the next
     * try confirms the card again. Answers the refusal's other `lines`, for the page.
     */
    claim: (error: unknown, lines: string[]): string[] => {
      if (!(error instanceof ApiError)) return lines;
      payments.answered();
      if (error.status !== 402) return lines;
      refuse(error.message);
      return [];
    },
  };
}

export type StripeCardState = ReturnType<typeof useStripeCard>;
