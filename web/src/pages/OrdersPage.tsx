import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { OrderList } from '../features/orders/OrderList.tsx';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function OrdersPage() {
  usePageTitle('Orders');
  const listOrders = useStore((s) => s.listOrders);
  const orders = useStore((s) => s.orders.list);
  const state = useLoad(listOrders, []);
  return (
    <>
      <PageHead crumbs={[{ label: 'Account', to: paths.account }, { label: 'Orders' }]} title="Orders" />
      <LoadGate state={state} notFound={null}>
        {orders.length === 0 ? (
          <Notice title="No orders yet">
            <p>When you place an order, you'll find it here with everything in it.</p>
            <ButtonLink to={paths.home}>Start shopping</ButtonLink>
          </Notice>
        ) : (
          <OrderList orders={orders} />
        )}
      </LoadGate>
    </>
  );
}
