import { usePageTitle } from '../components/usePageTitle.ts';

export default function CartPage() {
  usePageTitle('Cart');
  return <h1>Cart</h1>;
}
