import { usePageTitle } from '../components/usePageTitle.ts';

export default function ProductPage() {
  usePageTitle('Product');
  return <h1>Product</h1>;
}
