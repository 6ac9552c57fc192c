import { usePageTitle } from '../components/usePageTitle.ts';

export default function FavoritesPage() {
  usePageTitle('Favorites');
  return <h1>Favorites</h1>;
}
