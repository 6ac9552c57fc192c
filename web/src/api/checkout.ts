import { get, post } from './client.ts';
import type { CheckoutQuote, PaymentMethods, QuoteInput, ShippingMethods } from './types.ts';

/** The shipping methods a shopper may choose, the default first. */
export const listShippingMethods = () =>
  get<ShippingMethods>('/api/shipping-methods').then((r) => r.ShippingMethods);

/** The ways a shopper may pay, the RedCard (the default) first. */
export const listPaymentMethods = () =>
  get<PaymentMethods>('/api/payment-methods').then((r) => r.PaymentMethods);

/**
 * The cart priced under the shopper's choices, exactly as an order would be now. A code
 * the store refuses is a 400 whose message says why; an unknown address or method a 404.
 * The way to pay is only its `method`: a card's number is the order's alone.
 */
export const quoteCheckout = (choice: QuoteInput) => post<CheckoutQuote>('/api/checkout/quote', choice);
