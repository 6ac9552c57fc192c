import type { Order } from '../../api/types.ts';
import { formatPrice } from '../../lib/money.ts';

/**
 * What the order saved, line by line as the server listed it: "saved $1.00 with your
 * RedCard", and with a code "saved $5.00 with code SPRING10 and $0.95 with your RedCard";
 * `null` for an order that saved nothing (paid by card, without a code).
 */
export function savings(order: Pick<Order, 'discount' | 'discounts' | 'promotionCode'>): string | null {
  const code = order.promotionCode ?? null;
  const codeLine = code === null ? undefined : order.discounts.find((l) => l.label === `Promotion ${code}`);
  const card = order.discounts.filter((l) => l !== codeLine);
  const parts = [
    ...(codeLine ? [`${formatPrice(codeLine.amount)} with code ${code}`] : []),
    ...card.map((l) => `${formatPrice(l.amount)} with your RedCard`),
  ];
  // An order from before discounts were listed: its one discount is the RedCard's.
  if (parts.length === 0 && order.discount > 0) parts.push(`${formatPrice(order.discount)} with your RedCard`);
  return parts.length === 0 ? null : `saved ${parts.join(' and ')}`;
}
