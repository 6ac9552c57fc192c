// The moves an order may make, as the server allows them (src/domain/order_status.rs):
// one step at a time along Received → Packed → Shipped → Delivered, or Cancelled before
// it ships. The server has the last word (a 409); these decide which buttons to offer.
import type { OrderStatus } from '../api/types.ts';

export const orderStatuses: readonly OrderStatus[] = ['Received', 'Packed', 'Shipped', 'Delivered', 'Cancelled'];

const flow: readonly OrderStatus[] = ['Received', 'Packed', 'Shipped', 'Delivered'];

/** The status one step on, or null once delivered or cancelled. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  const at = flow.indexOf(status);
  return at === -1 ? null : (flow[at + 1] ?? null);
}

/** Whether the order may still be cancelled: not once it has shipped. */
export const mayCancel = (status: OrderStatus): boolean => status === 'Received' || status === 'Packed';
