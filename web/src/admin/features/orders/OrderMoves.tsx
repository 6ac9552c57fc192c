import type { OrderStatus } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { mayCancel, nextStatus } from '../../../lib/orderStatus.ts';
import { admin as styles } from '../../styles/classes.ts';

interface Props {
  order: { id: number; status: OrderStatus };
  onMove: (to: OrderStatus) => void;
  busy: boolean;
}

/** The moves an order's status allows: the next step, or Cancel before it ships. */
export function OrderMoves({ order, onMove, busy }: Props) {
  const next = nextStatus(order.status);
  return (
    <div className={styles.row}>
      {next && (
        <Button size="small" onClick={() => onMove(next)} disabled={busy} aria-label={`Mark as ${next}: order #${order.id}`}>
          Mark as {next}
        </Button>
      )}
      {mayCancel(order.status) && (
        <Button
          size="small"
          variant="secondary"
          onClick={() => onMove('Cancelled')}
          disabled={busy}
          aria-label={`Cancel: order #${order.id}`}
        >
          Cancel
        </Button>
      )}
      {!next && !mayCancel(order.status) && <span className={styles.soft}>None</span>}
    </div>
  );
}

/** Cancelling puts the order's units back on sale and cannot be undone: asks first. */
export const confirmMove = (orderId: number, to: OrderStatus) =>
  to !== 'Cancelled' || window.confirm(`Cancel order #${orderId}? Its units go back to stock.`);
