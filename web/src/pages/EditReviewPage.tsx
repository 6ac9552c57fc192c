import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { ReviewForm } from '../features/reviews/ReviewForm.tsx';
import { ReviewedProduct } from '../features/reviews/ReviewedProduct.tsx';
import { parseId } from '../lib/ids.ts';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function EditReviewPage() {
  usePageTitle('Edit your review');
  const reviewId = parseId(useParams().reviewId);
  // The shopper's own reviews are the only ones they may edit, so the list is the lookup.
  const review = useStore((s) => s.reviews.mine.find((r) => r.id === reviewId));
  const listMyReviews = useStore((s) => s.listMyReviews);
  const updateReview = useStore((s) => s.updateReview);
  const navigate = useNavigate();
  const state = useLoad(listMyReviews, []);

  const missing = (
    <Notice title="We couldn't find that review" level={1}>
      <p>All your reviews are listed in your account.</p>
      <ButtonLink to={paths.reviews}>See your reviews</ButtonLink>
    </Notice>
  );
  return (
    <LoadGate state={state} notFound={missing}>
      {review ? (
        <>
          <PageHead title="Edit your review">
            <ReviewedProduct product={review.Product} />
          </PageHead>
          <ReviewForm
            key={review.id}
            initial={review}
            submitLabel="Save changes"
            cancelTo={paths.reviews}
            onSubmit={(input) => updateReview(review.id, input).then(() => navigate(paths.reviews))}
          />
        </>
      ) : (
        missing
      )}
    </LoadGate>
  );
}
