// Paying for an order by a card through Stripe (docs/rules.md#payments), in the order
// Stripe's deferred-intent flow requires: the Payment Element's fields checked first
// (elements.submit(), before anything asynchronous), then the PaymentIntent the server
// makes for the order's total, then the card confirmed against it in the browser. What
// comes out is the intent to name in the order, or the reason the card was refused; the
// order itself is placed by the caller, whose server has the last word on the intent.
import type { StripeIntent } from '../api/types.ts';
import type { Stripe, StripeElements, StripeError } from './stripe.ts';

export type StripeOutcome =
  /** Authorized: the order may be placed naming this PaymentIntent. */
  | { paid: string }
  /**
   * Refused by the card: the reason to show by it, or `null` when a field is not filled
   * in, which the Payment Element shows at that field itself.
   */
  | { refused: string | null };

const UNREACHABLE = "We couldn't reach the payment service. Check your connection and try again.";
const FAILED = "Your card couldn't be charged. Please try again.";

/**
 * What the shopper is told of Stripe's error: a decline's or a field's own words (Stripe
 * writes those for people); for anything else (an error of the integration, Stripe's
 * own), a sentence of ours, as Stripe advises.
 */
export function refusalOf(error: StripeError): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return error.type === 'api_connection_error' ? UNREACHABLE : FAILED;
}

/**
 * Takes the card for an order: checks the fields, asks `createIntent` (the server) for the
 * PaymentIntent, and confirms the card against it. A refusal of `createIntent` (a cart
 * changed meanwhile: 409) rejects, as the order's own would; a field not filled in asks
 * the server for nothing; a card refused (declined, expired...) is an outcome.
 */
export async function payByStripe(
  stripe: Stripe,
  elements: StripeElements,
  createIntent: () => Promise<StripeIntent>,
): Promise<StripeOutcome> {
  const submitted = await stripeStep(() => elements.submit());
  if ('refused' in submitted) return submitted;
  if (submitted.error) return { refused: submitted.error.type === 'validation_error' ? null : refusalOf(submitted.error) };
  const intent = await createIntent();
  const confirmed = await stripeStep(() =>
    stripe.confirmPayment({ elements, clientSecret: intent.clientSecret, redirect: 'if_required' }),
  );
  if ('refused' in confirmed) return confirmed;
  if (confirmed.error) return { refused: refusalOf(confirmed.error) };
  return { paid: intent.paymentIntentId };
}

/** A call to Stripe.js; one that throws (Stripe's IntegrationError) is a refusal of ours, not an error of the store's. */
async function stripeStep<T>(call: () => Promise<T>): Promise<T | { refused: string }> {
  try {
    return await call();
  } catch {
    return { refused: FAILED };
  }
}

/**
 * The card payments of one checkout, one order at a time: `pay` takes the card for
 * `order` (the quote it pays for, as text). A card authorized for an order whose placing
 * got no answer (the network failed) is not taken again for the same order: `pay` answers
 * the same PaymentIntent, whose order the server may have placed already (the order's
 * Idempotency-Key, or Stripe's webhook), rather than holding the money twice. Once the
 * server has answered the order (`answered`: placed, or refused), the next `pay` takes
 * the card again.
 */
export function stripeCheckout() {
  let authorized: { order: string; paymentIntentId: string } | undefined;
  return {
    pay: async (
      order: string,
      stripe: Stripe,
      elements: StripeElements,
      createIntent: () => Promise<StripeIntent>,
    ): Promise<StripeOutcome> => {
      if (authorized?.order === order) return { paid: authorized.paymentIntentId };
      const outcome = await payByStripe(stripe, elements, createIntent);
      if ('paid' in outcome) authorized = { order, paymentIntentId: outcome.paid };
      return outcome;
    },
    answered: () => {
      authorized = undefined;
    },
  };
}
