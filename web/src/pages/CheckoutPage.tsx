import { usePageTitle } from '../components/usePageTitle.ts';

export default function CheckoutPage() {
  usePageTitle('Checkout');
  return <h1>Checkout</h1>;
}
