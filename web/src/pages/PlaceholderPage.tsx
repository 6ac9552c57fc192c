import { usePageTitle } from '../components/usePageTitle.ts';

// Stands in for the screens the storefront issue builds; the route table is complete.
export default function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}
