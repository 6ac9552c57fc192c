import type { ReactNode } from 'react';
import type { Cart } from '../api/types.ts';
import { formatPrice } from '../lib/money.ts';
import styles from './OrderSummary.module.css';

/** The figures as the server priced them (a cart's or an order's): shown, never computed. */
export type Figures = Pick<Cart, 'subtotal' | 'discount' | 'total'>;

interface Props {
  figures: Figures;
  itemCount: number;
  /** What the summary leads to: 'Check out' or 'Place your order'. */
  children?: ReactNode;
  heading?: string;
}

/** Subtotal, RedCard 5% discount, free delivery, $0.00 tax and the total, as the server sent them (docs/rules.md#money). */
export function OrderSummary({ figures, itemCount, children, heading = 'Order summary' }: Props) {
  return (
    <section className={styles.summary} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      <dl className={styles.rows}>
        <Row term={`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`} value={formatPrice(figures.subtotal)} />
        <Row term="RedCard 5% Discount" value={`−${formatPrice(figures.discount)}`} accent />
        <Row term="Delivery" value="Free" accent />
        <Row term="Estimated tax" value={formatPrice(0)} />
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Total</dt>
          <dd>{formatPrice(figures.total)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function Row({ term, value, accent = false }: { term: string; value: string; accent?: boolean }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd className={accent ? styles.accent : undefined}>{value}</dd>
    </div>
  );
}
