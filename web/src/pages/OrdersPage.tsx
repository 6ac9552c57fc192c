import { usePageTitle } from '../components/usePageTitle.ts';

export default function OrdersPage() {
  usePageTitle('Orders');
  return <h1>Orders</h1>;
}
