import { post } from './client.ts';
import { orderBody } from './orders.ts';
import type { QuoteInput, StripeIntent } from './types.ts';

/**
 * A Stripe PaymentIntent for the order `placeOrder(total, productIds, key, choice)` would
 * place, its card to be confirmed in the browser: the same body, so the server prices the
 * same cart (a stale one is the order's 409) and holds its total. A 404 when the store
 * takes no card through Stripe.
 */
export const createStripeIntent = (total: number, productIds: number[], choice: QuoteInput = {}) =>
  post<StripeIntent>('/api/payments/stripe/intents', orderBody(total, productIds, { ...choice, payment: { method: 'card' } }));
