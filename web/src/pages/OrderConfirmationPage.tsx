import { Navigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { OrderDetails } from '../components/OrderDetails.tsx';
import { ThankYou } from '../features/orders/ThankYou.tsx';
import { useOrder } from '../features/orders/useOrder.ts';
import { parseId } from '../lib/ids.ts';
import { paths } from '../lib/paths.ts';

export default function OrderConfirmationPage() {
  usePageTitle('Thank you for your order');
  const { state, order } = useOrder(parseId(useParams().orderId));
  const home = <Navigate to={paths.home} replace />;
  // Not the shopper's order (or no order at all): home, as the spec says.
  if (state.status !== 'loading' && !order) return home;
  return (
    <LoadGate state={state} notFound={home}>
      {order && (
        <>
          <ThankYou order={order}>
            <ButtonLink to={paths.home}>Keep shopping</ButtonLink>
            <ButtonLink to={paths.orders} variant="secondary">
              See your orders
            </ButtonLink>
          </ThankYou>
          <OrderDetails order={order} />
        </>
      )}
    </LoadGate>
  );
}
