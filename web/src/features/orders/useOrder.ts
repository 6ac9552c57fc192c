import { useLoad, type LoadState } from '../../lib/useLoad.ts';
import { useStore } from '../../store/index.ts';
import type { Order } from '../../api/types.ts';

/**
 * One of the shopper's orders, by id. The list answers only the shopper's own orders,
 * so an id that is not among them is someone else's or nobody's.
 */
export function useOrder(orderId: number | undefined): { state: LoadState; order: Order | undefined } {
  const listOrders = useStore((s) => s.listOrders);
  const order = useStore((s) => s.orders.list.find((o) => o.id === orderId));
  // A just-placed order is already in the store; otherwise fetch the list.
  const state = useLoad(() => (order ? Promise.resolve() : listOrders()), [orderId]);
  return { state: order ? { status: 'ready' } : state, order };
}
