import { usePageTitle } from '../components/usePageTitle.ts';

export default function MyReviewsPage() {
  usePageTitle('MyReviews');
  return <h1>MyReviews</h1>;
}
