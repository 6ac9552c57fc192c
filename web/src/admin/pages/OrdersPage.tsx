import { listAdminOrders, moveOrder } from '../api/admin.ts';
import type { AdminOrderBody, OrderStatus } from '../../api/types.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { admin as styles } from '../styles/classes.ts';
import { Count, Problem, SearchForm, SelectFilter } from '../components/Controls.tsx';
import { confirmMove } from '../features/orders/OrderMoves.tsx';
import { OrderTable } from '../features/orders/OrderTable.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { orderStatuses } from '../../lib/orderStatus.ts';
import { oneOf, pageParam } from '../../lib/queryParams.ts';
import { canChange } from '../../lib/roles.ts';

export default function OrdersPage() {
  usePageTitle('Orders · Back office');
  const { params, search, change, pageHref } = useUrlParams();
  const status = oneOf(params.get('status'), orderStatuses);
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const { data, gate, replace } = useFetched(() => listAdminOrders({ status, q: q || undefined, page }), [search]);
  const action = useAction();
  const canMove = canChange(useRole());
  const move = (order: AdminOrderBody, to: OrderStatus) => {
    if (!confirmMove(order.id, to)) return;
    action.run(order.id, `Order #${order.id}`, () => moveOrder(order.id, to), (moved) =>
      replace((d) => d && { ...d, Orders: d.Orders.map((o) => (o.id === moved.id ? moved : o)) }),
    );
  };
  return (
    <>
      <PageHead title="Orders" />
      <div className={styles.toolbar}>
        <SearchForm label="Search orders" hint="Order number or username" value={q} onSearch={(text) => change({ q: text })} />
        <SelectFilter
          label="Status"
          value={status ?? ''}
          options={[['', 'Any status'], ...orderStatuses.map((s) => [s, s] as const)]}
          onChange={(s) => change({ status: s })}
        />
      </div>
      <Problem text={action.problem} />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['order', 'orders']} page={data.page} pages={data.pages} />
            <OrderTable orders={data.Orders} onMove={canMove ? move : null} busy={action.busy} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
