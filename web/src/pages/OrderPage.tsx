import { usePageTitle } from '../components/usePageTitle.ts';

export default function OrderPage() {
  usePageTitle('Order');
  return <h1>Order</h1>;
}
