import type { Refund } from '../api/types.ts';
import { formatDate } from '../lib/dates.ts';
import { formatPrice } from '../lib/money.ts';
import { refundedBy } from '../lib/payments.ts';
import styles from './RefundList.module.css';

/**
 * An order's refunds, oldest first as the server lists them: when, how much and why
 * (the shopper reads the reason as staff wrote it); `showWho` adds who made each, for
 * the back office.
 */
export function RefundList({ label, refunds, showWho = false }: { label: string; refunds: Refund[]; showWho?: boolean }) {
  return (
    <ul role="list" className={styles.list} aria-label={label}>
      {refunds.map((refund) => (
        <li key={refund.id} className={styles.refund}>
          <div className={styles.head}>
            <span>{formatDate(refund.createdAt)}</span>
            <span className={styles.amount}>{formatPrice(refund.amount)}</span>
          </div>
          <p className={styles.reason}>{refund.reason}</p>
          {showWho && <p className={styles.who}>By {refundedBy(refund)}</p>}
        </li>
      ))}
    </ul>
  );
}
