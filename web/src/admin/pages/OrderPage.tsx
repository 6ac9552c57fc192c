import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { getAdminOrder, moveOrder } from '../api/admin.ts';
import type { AdminOrderDetail, OrderStatus, Refund } from '../../api/types.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { OrderDetails } from '../../components/OrderDetails.tsx';
import { admin as styles } from '../styles/classes.ts';
import { Done, Problem } from '../components/Controls.tsx';
import { confirmMove, OrderMoves } from '../features/orders/OrderMoves.tsx';
import { RefundDialog } from '../features/orders/RefundDialog.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { formatPrice } from '../../lib/money.ts';
import { idParam } from '../../lib/queryParams.ts';
import { paths } from '../../lib/paths.ts';
import { NotFound } from '../../lib/useLoad.ts';
import { canChange } from '../../lib/roles.ts';

/**
 * /admin/orders/:orderId: one order whole, as staff pack and ship it (who placed it, the
 * copy of its address, its method, lines and money, its refunds), the moves its status
 * allows, and a refund while some of its payment is left to refund.
 */
export default function OrderPage() {
  const { orderId } = useParams();
  const id = idParam(orderId ?? null);
  const { data, gate, replace } = useFetched(
    () => (id === undefined ? Promise.reject(new NotFound()) : getAdminOrder(id)),
    [orderId],
  );
  const order = data?.id === id ? data : undefined;
  usePageTitle(`${order ? `Order #${order.id}` : 'Order'} · Back office`);
  const action = useAction();
  const canMove = canChange(useRole());
  const [refunding, setRefunding] = useState(false);
  const [done, setDone] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const move = (to: OrderStatus) => {
    if (!order || !confirmMove(order.id, to)) return;
    setDone('');
    // The order is read again after the move: a cancel also pays its money back.
    action.run(
      order.id,
      `Order #${order.id}`,
      () => moveOrder(order.id, to).then(() => getAdminOrder(order.id)),
      (moved) => replace(() => moved),
    );
  };
  /** The order as it now is: its payment's status, its refunds and the lines back in stock. */
  const readAgain = (then: (fresh: AdminOrderDetail) => void = () => undefined) => {
    if (!order) return;
    action.run(order.id, `Order #${order.id}`, () => getAdminOrder(order.id), (fresh) => (replace(() => fresh), then(fresh)));
  };
  const refunded = (refund: Refund) => {
    setRefunding(false);
    setDone(`Refunded ${formatPrice(refund.amount)}.`);
    // Nothing left to refund: the Refund button the dialog gave the focus back to goes.
    readAgain((fresh) => fresh.payment.refundable <= 0 && title.current?.focus());
  };
  return (
    <LoadGate
      state={gate}
      notFound={
        <Notice title="No such order" level={1}>
          <ButtonLink to={paths.adminOrders}>All orders</ButtonLink>
        </Notice>
      }
    >
      {order && (
        <>
          <PageHead
            crumbs={[{ label: 'Orders', to: paths.adminOrders }, { label: `#${order.id}` }]}
            title={`Order #${order.id}`}
            titleRef={title}
          >
            <span className={styles.soft}>Placed by {order.username}</span>
          </PageHead>
          {canMove && (
            <div className={styles.orderActions}>
              <OrderMoves order={order} onMove={move} busy={action.busy === order.id} />
              {order.payment.refundable > 0 && (
                <Button size="small" variant="secondary" onClick={() => (setDone(''), setRefunding(true))}>
                  Refund
                </Button>
              )}
            </div>
          )}
          <Problem text={action.problem} />
          <Done text={done} />
          <OrderDetails order={order} backOffice />
          {canMove && (
            <RefundDialog
              order={order}
              open={refunding}
              onClose={() => setRefunding(false)}
              onRefunded={refunded}
              onStale={() => readAgain()}
            />
          )}
        </>
      )}
    </LoadGate>
  );
}
