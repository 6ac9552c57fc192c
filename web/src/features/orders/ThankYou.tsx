import type { ReactNode } from 'react';
import type { Order } from '../../api/types.ts';
import { formatPrice } from '../../lib/money.ts';
import { savings } from './savings.ts';
import styles from './orders.module.css';

/** The confirmation's banner: thanks, the order number, what it cost and what happens next. */
export function ThankYou({ order, children }: { order: Order; children: ReactNode }) {
  const saved = savings(order);
  return (
    <section className={styles.thanks} aria-labelledby="thanks">
      <span className={styles.check} aria-hidden="true">
        ✓
      </span>
      <h1 id="thanks">Thanks for your order!</h1>
      <p>
        Order <strong>#{order.id}</strong> is {order.status.toLowerCase()}. You paid{' '}
        <strong>{formatPrice(order.total)}</strong>
        {saved && ` and ${saved}`}.
      </p>
      <p>We'll let you know when it ships.</p>
      <div className={styles.thanksActions}>{children}</div>
    </section>
  );
}
