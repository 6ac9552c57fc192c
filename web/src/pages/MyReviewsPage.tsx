import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { MyReviewList } from '../features/reviews/MyReviewList.tsx';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function MyReviewsPage() {
  usePageTitle('Your reviews');
  const listMyReviews = useStore((s) => s.listMyReviews);
  const count = useStore((s) => s.reviews.mine.length);
  const state = useLoad(listMyReviews, []);
  return (
    <>
      <PageHead crumbs={[{ label: 'Account', to: paths.account }, { label: 'Reviews' }]} title="Your reviews" />
      <LoadGate state={state} notFound={null}>
        {count === 0 ? (
          <Notice title="No reviews yet">
            <p>Tell other guests what you think: every product page has a 'Write a review' button.</p>
            <ButtonLink to={paths.home}>Find something to review</ButtonLink>
          </Notice>
        ) : (
          <MyReviewList />
        )}
      </LoadGate>
    </>
  );
}
