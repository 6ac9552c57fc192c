import type { AdminOrderBody, OrderStatus } from '../../../api/types.ts';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/money.ts';
import { to } from '../../../lib/paths.ts';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';
import { OrderMoves } from './OrderMoves.tsx';

const tone: Partial<Record<OrderStatus, string>> = { Delivered: styles.good, Cancelled: styles.bad };

interface Props {
  orders: AdminOrderBody[];
  /** Null for a viewer: no buttons. */
  onMove: ((order: AdminOrderBody, to: OrderStatus) => void) | null;
  busy: number | null;
}

/** Orders with their status, each linked to its page, and the moves the status allows. */
export function OrderTable({ orders, onMove, busy }: Props) {
  if (orders.length === 0) return <p className={styles.empty}>No orders match.</p>;
  return (
    <TableFrame label="Orders">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Shopper</th>
            <th scope="col" className={styles.num}>Items</th>
            <th scope="col" className={styles.num}>Total</th>
            <th scope="col">Status</th>
            {onMove && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row">
                <Link to={to.adminOrder(o.id)} aria-label={`Order #${o.id}`}>
                  #{o.id}
                </Link>
              </th>
              <td className={styles.nowrap}>{momentLabel(o.createdAt)}</td>
              <td>{o.username}</td>
              <td className={styles.num}>{o.lines}</td>
              <td className={styles.num}>{formatPrice(o.total)}</td>
              <td>
                <span className={`${styles.status} ${tone[o.status] ?? ''}`}>{o.status}</span>
                <div className={styles.soft}>since {momentLabel(o.statusChangedAt)}</div>
              </td>
              {onMove && (
                <td>
                  <OrderMoves order={o} onMove={(status) => onMove(o, status)} busy={busy === o.id} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
