import { get, post } from './client.ts';
import type { Order } from './types.ts';

export const fetchOrders = () => get<{ Orders: Order[] }>('/api/orders').then((r) => r.Orders);

/** The server prices the cart itself; `total` and `products` only let it detect a stale cart. */
export const placeOrder = (total: number, productIds: number[]) =>
  post<Order>('/api/orders', { total, products: productIds.map((productId) => ({ productId })) });
