import { get, post } from './client.ts';
import type { Order, OrderInput, Orders, QuoteInput } from './types.ts';

export const listOrders = () => get<Orders>('/api/orders').then((r) => r.Orders);

/**
 * `total` is the total the server quoted for the cart (getCart, or the checkout's quote),
 * sent back with the cart's products so the server can tell a stale cart (409); it
 * prices the order itself. `choice` names the address, shipping method and promotion
 * code the quote was made for, and the way to pay (a card with its details); only those
 * given are sent, so an order that chose nothing is the spec's `{total, products}`.
 * `idempotencyKey` names the checkout attempt: sent again with the same key, the order
 * is not placed twice (the server answers the first order again).
 */
export const placeOrder = (total: number, productIds: number[], idempotencyKey: string, choice: QuoteInput = {}) =>
  post<Order>('/api/orders', orderBody(total, productIds, choice), { 'Idempotency-Key': idempotencyKey });

/** What an order sends: the total, the products, and the choices given. */
export const orderBody = (total: number, productIds: number[], choice: QuoteInput = {}): OrderInput => ({
  total,
  products: productIds.map((productId) => ({ productId })),
  ...given(choice),
});

/**
 * The choice's fields that name something (no `null`, no `undefined`, no empty code, and
 * no payment by the RedCard, which is what an order without one is paid with).
 */
export function given(choice: QuoteInput): QuoteInput {
  const out: QuoteInput = {};
  if (choice.addressId != null) out.addressId = choice.addressId;
  if (choice.shippingMethodId != null) out.shippingMethodId = choice.shippingMethodId;
  if (choice.promotionCode != null && choice.promotionCode.trim() !== '') out.promotionCode = choice.promotionCode.trim();
  if (choice.payment != null && choice.payment.method !== 'redcard') out.payment = choice.payment;
  return out;
}
