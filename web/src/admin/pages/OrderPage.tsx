import { useParams } from 'react-router-dom';
import { getAdminOrder, moveOrder } from '../api/admin.ts';
import type { OrderStatus } from '../../api/types.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { OrderDetails } from '../../components/OrderDetails.tsx';
import { admin as styles } from '../styles/classes.ts';
import { Problem } from '../components/Controls.tsx';
import { confirmMove, OrderMoves } from '../features/orders/OrderMoves.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { idParam } from '../../lib/queryParams.ts';
import { paths } from '../../lib/paths.ts';
import { NotFound } from '../../lib/useLoad.ts';
import { canChange } from '../../lib/roles.ts';

/**
 * /admin/orders/:orderId: one order whole, as staff pack and ship it (who placed it, the
 * copy of its address, its method, lines and money), and the moves its status allows.
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
  const move = (to: OrderStatus) => {
    if (!order || !confirmMove(order.id, to)) return;
    // The order is read again after the move: a cancel also pays its money back.
    action.run(
      order.id,
      `Order #${order.id}`,
      () => moveOrder(order.id, to).then(() => getAdminOrder(order.id)),
      (moved) => replace(() => moved),
    );
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
          <PageHead crumbs={[{ label: 'Orders', to: paths.adminOrders }, { label: `#${order.id}` }]} title={`Order #${order.id}`}>
            <span className={styles.soft}>Placed by {order.username}</span>
          </PageHead>
          {canMove && (
            <div className={styles.toolbar}>
              <OrderMoves order={order} onMove={move} busy={action.busy === order.id} />
            </div>
          )}
          <Problem text={action.problem} />
          <OrderDetails order={order} />
        </>
      )}
    </LoadGate>
  );
}
