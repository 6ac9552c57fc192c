import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';

// Stands in for the three marketing pages until their issue builds them.
export default function PlaceholderPage() {
  const title = { '/weeklyad': 'Weekly Ad', '/redcard': 'RedCard', '/square': 'Market Square' }[useLocation().pathname];
  usePageTitle(title);
  return <h1>{title}</h1>;
}
