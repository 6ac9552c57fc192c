import { usePageTitle } from '../components/usePageTitle.ts';

export default function AddReviewPage() {
  usePageTitle('AddReview');
  return <h1>AddReview</h1>;
}
