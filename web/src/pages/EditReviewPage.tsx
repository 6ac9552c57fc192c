import { usePageTitle } from '../components/usePageTitle.ts';

export default function EditReviewPage() {
  usePageTitle('EditReview');
  return <h1>EditReview</h1>;
}
