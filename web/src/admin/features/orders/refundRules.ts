// The refund form's rules and words (src/domain/admin/refund_input.rs, whose messages
// these repeat where a person can meet them): an amount in dollars, more than $0.00, at
// most two decimals and no more than is left to refund; a reason of 1 to 200 characters;
// the lines whose unit goes back to stock. The server has the last word: another refund
// may have taken what was left a moment ago (its 409).
import { fieldRules } from '../../../api/fieldRules.ts';
import type { OrderLine, RefundInput } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { put, textMessage, type Messages } from '../../../lib/validation.ts';
import { describeOptions } from '../../../lib/variantChoice.ts';
import { parseDollars } from '../../lib/adminRules.ts';

/** The form's fields, as typed. */
export interface RefundValues {
  amount: string;
  reason: string;
  [field: string]: string;
}

export type RefundField = 'amount' | 'reason';

/** Nothing prefilled: the amount is the staff member's to say. */
export const emptyRefund: RefundValues = { amount: '', reason: '' };

/** The server's words for the amount (src/domain/fields.rs, `refund`); `notNumber` is the form's own. */
export const AMOUNT = {
  missing: 'Please enter an amount greater than $0.00.',
  decimals: 'An amount has at most two decimals.',
  notNumber: 'An amount is a number of dollars, such as 10.50.',
} as const;

/** The server's 409 for more than is left, in its words. */
export const tooMuch = (left: number): string => `That is more than can be refunded: ${formatPrice(left)} is left.`;

/** "Up to $59.99 can be refunded.": the amount field's hint. */
export const upTo = (refundable: number): string => `Up to ${formatPrice(refundable)} can be refunded.`;

/**
 * The amount's message, checked in the server's order: a number, two decimals, more than
 * $0.00, then no more than `refundable` (the order's, as last read).
 */
export function amountMessage(text: string, refundable: number): string | undefined {
  if (text.trim() === '') return AMOUNT.missing;
  const dollars = parseDollars(text);
  if (Number.isNaN(dollars)) return AMOUNT.notNumber;
  // In cents, as the server counts; the tolerance forgives floating point (0.1 + 0.2).
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6) return AMOUNT.decimals;
  if (cents < 1) return AMOUNT.missing;
  if (cents > Math.round(refundable * 100)) return tooMuch(refundable);
  return undefined;
}

export function refundMessages(v: RefundValues, refundable: number): Messages<RefundField> {
  const m: Messages<RefundField> = {};
  put(m, 'amount', amountMessage(v.amount, refundable));
  put(m, 'reason', textMessage(v.reason, fieldRules.RefundInput.reason));
  return m;
}

/** What the submit button says: the amount once it is one that can be sent. */
export const submitLabel = (v: RefundValues, refundable: number): string =>
  amountMessage(v.amount, refundable) === undefined ? `Refund ${formatPrice(parseDollars(v.amount))}` : 'Refund';

/** The body of a refund (the values have passed refundMessages); `restock` names order lines by `lineId`. */
export function refundInput(v: RefundValues, restock: readonly number[]): RefundInput {
  return {
    amount: Math.round(parseDollars(v.amount) * 100) / 100,
    reason: v.reason.trim(),
    ...(restock.length > 0 && { restock: restock.map((lineId) => ({ lineId, quantity: 1 })) }),
  };
}

/** The lines whose unit may still go back to stock. */
export const restockable = (lines: readonly OrderLine[]): OrderLine[] => lines.filter((line) => !line.restocked);

/** "Crew-neck tee (Size: M · Colour: Navy), $12.00": a line as its checkbox names it. */
export function restockLabel(line: OrderLine): string {
  const options = line.options.length > 0 ? ` (${describeOptions(line.options)})` : '';
  return `${line.name}${options}, ${formatPrice(line.price)}`;
}

/** The field a line of the server's 400 is about, by its exact words; `undefined` for a line about none. */
export function fieldOfRefundMessage(line: string): RefundField | undefined {
  const reason = fieldRules.RefundInput.reason;
  if (line === AMOUNT.missing || line === AMOUNT.decimals) return 'amount';
  if (line === reason.tooShort || line === reason.tooLong) return 'reason';
  return undefined;
}

/** The server's lines by the field they name (the first for each), and the lines about none (a line of the order's). */
export function sortRefundErrors(lines: readonly string[]): { fields: Messages<RefundField>; other: string[] } {
  const fields: Messages<RefundField> = {};
  const other: string[] = [];
  for (const line of lines) {
    const field = fieldOfRefundMessage(line);
    if (field === undefined) other.push(line);
    else fields[field] ??= line;
  }
  return { fields, other };
}
