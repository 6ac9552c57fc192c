import { get, post } from './client.ts';
import type { Order, OrderInput, Orders } from './types.ts';

export const listOrders = () => get<Orders>('/api/orders').then((r) => r.Orders);

/**
 * `total` is the total the server quoted for the cart (getCart), sent back with the
 * cart's products so the server can tell a stale cart (409); it prices the order itself.
 * `idempotencyKey` names the checkout attempt: sent again with the same key, the order is
 * not placed twice (the server answers the first order again).
 */
export const placeOrder = (total: number, productIds: number[], idempotencyKey: string) =>
  post<Order>(
    '/api/orders',
    { total, products: productIds.map((productId) => ({ productId })) } satisfies OrderInput,
    { 'Idempotency-Key': idempotencyKey },
  );
