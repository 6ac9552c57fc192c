import { usePageTitle } from '../components/usePageTitle.ts';

export default function OrderConfirmationPage() {
  usePageTitle('OrderConfirmation');
  return <h1>OrderConfirmation</h1>;
}
