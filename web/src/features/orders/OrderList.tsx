import { Link } from 'react-router-dom';
import type { Order } from '../../api/types.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatPrice } from '../../lib/money.ts';
import { to } from '../../lib/paths.ts';
import styles from './orders.module.css';

/** One order in a list: its pictures, date, status, where it ships and how, item count and total, linking to it. */
export function OrderCard({ order }: { order: Order }) {
  const count = order.Products.length;
  return (
    // Named by what it shows (WCAG 2.5.3, label in name): status, date, number, where, items, total.
    <Link to={to.order(order.id)} className={styles.card}>
      <div className={styles.cardHead}>
        <strong>{order.status}</strong>
        <span>
          {formatDate(order.createdAt)} · Order #{order.id}
        </span>
      </div>
      <ul role="list" className={styles.pictures} aria-hidden="true">
        {order.Products.slice(0, 5).map((p, i) => (
          <li key={i}>
            <img src={p.previewImage} alt="" width={56} height={56} loading="lazy" />
          </li>
        ))}
        {count > 5 && <li className={styles.more}>+{count - 5}</li>}
      </ul>
      <span className={styles.cardShip}>
        Ships to {order.address.name}, {order.address.city}, {order.address.state} · {order.shippingMethod.name}
      </span>
      <span className={styles.cardFoot}>
        {count} {count === 1 ? 'item' : 'items'} · {formatPrice(order.total)}
        <span className={styles.view}>View order</span>
      </span>
    </Link>
  );
}

export function OrderList({ orders }: { orders: Order[] }) {
  return (
    <ul role="list" className={styles.list} aria-label="Your orders">
      {orders.map((o) => (
        <li key={o.id}>
          <OrderCard order={o} />
        </li>
      ))}
    </ul>
  );
}
