import { useParams } from 'react-router-dom';
import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { OrderDetails } from '../components/OrderDetails.tsx';
import { useOrder } from '../features/orders/useOrder.ts';
import { parseId } from '../lib/ids.ts';
import { paths } from '../lib/paths.ts';

export default function OrderPage() {
  const orderId = parseId(useParams().orderId);
  const { state, order } = useOrder(orderId);
  usePageTitle(order ? `Order #${order.id}` : 'Order');
  const missing = (
    <Notice title="We couldn't find that order" level={1}>
      <p>Your orders are all listed in your account.</p>
      <ButtonLink to={paths.orders}>See your orders</ButtonLink>
    </Notice>
  );
  return (
    <LoadGate state={state} notFound={missing}>
      {order ? (
        <>
          <PageHead
            crumbs={[
              { label: 'Account', to: paths.account },
              { label: 'Orders', to: paths.orders },
              { label: `#${order.id}` },
            ]}
            title={`Order #${order.id}`}
          />
          <OrderDetails order={order} />
        </>
      ) : (
        missing
      )}
    </LoadGate>
  );
}
