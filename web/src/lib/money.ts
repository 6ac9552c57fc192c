// Money is shown here, never computed: prices, subtotals, discounts and totals all come
// from the server, which counts them in integer cents (docs/rules.md#money).
//
// Formatted by hand rather than with Intl.NumberFormat: the first Intl formatter a page
// makes costs tens of milliseconds (the browser loads its locale data), on the first paint.
import { grouped } from './counts.ts';

/** "$1,234.50"; "-$5.00" for a discount. */
export function formatPrice(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const text = `$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}

/** A price band's edge: "$25" for whole dollars, "$49.50" otherwise. */
export function formatPriceShort(amount: number): string {
  if (!Number.isInteger(amount)) return formatPrice(amount);
  return `${amount < 0 ? '-' : ''}$${grouped(Math.abs(amount))}`;
}
