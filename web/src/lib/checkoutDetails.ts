// What the checkout says besides the money. Where an order ships and how are the
// server's: an address of the shopper's book or the store's fixed one, and a shipping
// method staff set up (docs/rules.md#checkout); here is only how they read. How it is
// paid reads as lib/payments.ts says.
import type { ShippingMethod } from '../api/types.ts';
import { formatPrice } from './money.ts';

/** "arrives in 2-4 business days"; "arrives in 1 business day". */
export const arrivesIn = (days: string): string =>
  `arrives in ${days} business ${days.trim() === '1' ? 'day' : 'days'}`;

/** "2-4 business days", for an order's facts. */
export const businessDays = (days: string): string => `${days} business ${days.trim() === '1' ? 'day' : 'days'}`;

/** A method's own price: "Free", or "$7.99". What an order pays is the quote's. */
export const methodPrice = (m: Pick<ShippingMethod, 'price'>): string => (m.price === 0 ? 'Free' : formatPrice(m.price));

/** "Free on orders of $35.00 or more", for a paid method that is free from a subtotal on. */
export const freeOverNote = (m: Pick<ShippingMethod, 'price' | 'freeOver'>): string | undefined =>
  m.price > 0 && m.freeOver != null ? `Free on orders of ${formatPrice(m.freeOver)} or more` : undefined;

/**
 * The one method there is, as a sentence: "Free standard delivery · arrives in 2-4
 * business days" (the seeded store's), or "Standard delivery $4.99 (free on orders of
 * $35.00 or more) · arrives in 3-5 business days".
 */
export function methodSentence(m: ShippingMethod): string {
  const note = freeOverNote(m);
  const what =
    m.price === 0
      ? `Free ${inSentence(m.name)}`
      : `${m.name} ${formatPrice(m.price)}${note ? ` (${inSentence(note)})` : ''}`;
  return `${what} · ${arrivesIn(m.days)}`;
}

/** A capitalised word within a sentence: "Standard delivery" → "standard delivery"; "UPS Ground" stays. */
const inSentence = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
