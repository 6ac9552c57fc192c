// How an order was paid, as its pages say it (docs/rules.md#payments): the stored RedCard
// by its fixed name, any other card by its brand and last four digits (the server never
// sends more of it), where the order's money stands, and who gave its refunds.
import type { OrderPayment, PaymentStatus, Refund } from '../api/types.ts';

/** The spec's stored card (docs/rules.md#fixed-values), the default way to pay. */
const STORE_CARD = 'RedCard debit ending in 4821';

/** "RedCard debit ending in 4821", or "Visa ending in 4242". */
export const paidWith = (payment: OrderPayment): string =>
  payment.method === 'redcard' ? STORE_CARD : `${payment.brand} ending in ${payment.last4}`;

const statusWords: Record<PaymentStatus, string> = {
  authorized: 'Authorized',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
};

/** Where the money stands, in words: "Paid", "Partially refunded". */
export const paymentStatusWords = (status: PaymentStatus): string => statusWords[status];

/** Who gave a refund, as the back office says it: the staff member's username, or the store when it made the refund itself. */
export const refundedBy = (refund: Pick<Refund, 'by'>): string => refund.by ?? 'the store';
