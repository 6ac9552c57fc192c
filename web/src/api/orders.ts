import { get, post } from './client.ts';
import type { Order } from './types.ts';

export const listOrders = () => get<{ Orders: Order[] }>('/api/orders').then((r) => r.Orders);

/**
 * The server prices the cart itself; `total` and `products` only let it detect a stale cart.
 * `idempotencyKey` names the checkout attempt: sent again with the same key, the order is
 * not placed twice (the server answers the first order again).
 */
export const placeOrder = (total: number, productIds: number[], idempotencyKey: string) =>
  post<Order>(
    '/api/orders',
    { total, products: productIds.map((productId) => ({ productId })) },
    { 'Idempotency-Key': idempotencyKey },
  );
