import type { ReactNode } from 'react';
import type { DiscountLine } from '../api/types.ts';
import { formatPrice } from '../lib/money.ts';
import styles from './OrderSummary.module.css';

/**
 * The figures as the server priced them (a cart's, a checkout quote's or an order's):
 * shown, never computed. A cart has only its RedCard `discount`; a quote and an order
 * list each discount, and say what delivery and tax add.
 */
export interface Figures {
  subtotal: number;
  total: number;
  /** The RedCard 5% discount, shown when there are no `discounts` lines. */
  discount?: number;
  /** Each discount, labelled (`Promotion SPRING10`, `RedCard 5% Discount`), in the server's order. */
  discounts?: DiscountLine[];
  /** What delivery adds: free when 0 or not said. */
  shipping?: number;
  /** What tax adds: $0.00 when not said. */
  tax?: number;
  /** The region's tax rate, in percent (a quote's), named beside the tax when above 0. */
  taxRate?: number;
}

interface Props {
  figures: Figures;
  itemCount: number;
  /** What the summary leads to: 'Check out' or 'Place your order'. */
  children?: ReactNode;
  heading?: string;
}

/** One row of the summary: what it is, the amount as shown, and whether it is a saving. */
export interface SummaryRow {
  term: string;
  value: string;
  accent: boolean;
}

/**
 * The rows above the total: subtotal, each discount, delivery and tax, as the server
 * sent them (docs/rules.md#money). At the spec's checkout: the RedCard 5% Discount,
 * Delivery Free and Estimated tax $0.00.
 */
export function summaryRows(figures: Figures, itemCount: number): SummaryRow[] {
  const discounts = figures.discounts ?? [{ label: 'RedCard 5% Discount', amount: figures.discount ?? 0 }];
  const shipping = figures.shipping ?? 0;
  const rate = figures.taxRate ?? 0;
  return [
    { term: `Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`, value: formatPrice(figures.subtotal), accent: false },
    ...discounts.map((line) => ({ term: line.label, value: `−${formatPrice(line.amount)}`, accent: true })),
    shipping === 0
      ? { term: 'Delivery', value: 'Free', accent: true }
      : { term: 'Delivery', value: formatPrice(shipping), accent: false },
    { term: rate > 0 ? `Estimated tax (${rate}%)` : 'Estimated tax', value: formatPrice(figures.tax ?? 0), accent: false },
  ];
}

/** The figures as the server priced them, then what they lead to ('Check out', 'Place your order'). */
export function OrderSummary({ figures, itemCount, children, heading = 'Order summary' }: Props) {
  return (
    <section className={styles.summary} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      <dl className={styles.rows}>
        {summaryRows(figures, itemCount).map((row) => (
          <Row key={row.term} {...row} />
        ))}
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Total</dt>
          <dd>{formatPrice(figures.total)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function Row({ term, value, accent }: SummaryRow) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd className={accent ? styles.accent : undefined}>{value}</dd>
    </div>
  );
}
