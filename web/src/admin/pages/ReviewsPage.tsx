import { listAdminReviews, setReviewHidden } from '../api/admin.ts';
import type { AdminReviewBody } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { admin as styles } from '../styles/classes.ts';
import { Count, Problem, SelectFilter } from '../components/Controls.tsx';
import { ReviewTable } from '../features/reviews/ReviewTable.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { idParam, oneOf, pageParam } from '../../lib/queryParams.ts';
import { canChange } from '../../lib/roles.ts';

const ratings = ['1', '2', '3', '4', '5'] as const;

export default function ReviewsPage() {
  usePageTitle('Reviews · Back office');
  const { params, search, change, pageHref } = useUrlParams();
  const shown = oneOf(params.get('hidden'), ['true', 'false'] as const);
  const rating = oneOf(params.get('rating'), ratings);
  const productId = idParam(params.get('productId'));
  const page = pageParam(params);
  const { data, gate, replace } = useFetched(
    () => listAdminReviews({ hidden: shown && shown === 'true', rating: rating && Number(rating), productId, page }),
    [search],
  );
  const action = useAction();
  const canHide = canChange(useRole());
  const hide = (review: AdminReviewBody, hidden: boolean) =>
    action.run(review.id, `Review “${review.title}”`, () => setReviewHidden(review.id, hidden), (changed) =>
      replace((d) => d && { ...d, Reviews: d.Reviews.map((r) => (r.id === changed.id ? changed : r)) }),
    );
  return (
    <>
      <PageHead title="Reviews" />
      <div className={styles.toolbar}>
        <SelectFilter
          label="Shown to shoppers"
          value={shown ?? ''}
          options={[['', 'Visible and hidden'], ['false', 'Visible only'], ['true', 'Hidden only']]}
          onChange={(hidden) => change({ hidden })}
        />
        <SelectFilter
          label="Rating"
          value={rating ?? ''}
          options={[['', 'Any rating'], ...ratings.map((r) => [r, `${r} ${r === '1' ? 'star' : 'stars'}`] as const)]}
          onChange={(r) => change({ rating: r })}
        />
        {productId !== undefined && (
          <Button variant="secondary" size="small" onClick={() => change({ productId: undefined })}>
            Product #{productId} only: show all products
          </Button>
        )}
      </div>
      <Problem text={action.problem} />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['review', 'reviews']} page={data.page} pages={data.pages} />
            <ReviewTable reviews={data.Reviews} onHide={canHide ? hide : null} busy={action.busy} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
