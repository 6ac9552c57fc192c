import type { AdminOrderBody, OrderStatus } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { formatPrice } from '../../../lib/money.ts';
import { mayCancel, nextStatus } from '../../../lib/orderStatus.ts';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';

const tone: Partial<Record<OrderStatus, string>> = { Delivered: styles.good, Cancelled: styles.bad };

interface Props {
  orders: AdminOrderBody[];
  /** Null for a viewer: no buttons. */
  onMove: ((order: AdminOrderBody, to: OrderStatus) => void) | null;
  busy: number | null;
}

/** Orders with their status, and the moves the status allows: the next step, or Cancel before shipping. */
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
          {orders.map((o) => {
            const next = nextStatus(o.status);
            return (
              <tr key={o.id}>
                <th scope="row">#{o.id}</th>
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
                    <div className={styles.row}>
                      {next && (
                        <Button size="small" onClick={() => onMove(o, next)} disabled={busy === o.id} aria-label={`Mark as ${next}: order #${o.id}`}>
                          Mark as {next}
                        </Button>
                      )}
                      {mayCancel(o.status) && (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => onMove(o, 'Cancelled')}
                          disabled={busy === o.id}
                          aria-label={`Cancel: order #${o.id}`}
                        >
                          Cancel
                        </Button>
                      )}
                      {!next && !mayCancel(o.status) && <span className={styles.soft}>None</span>}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
