import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { ButtonLink } from '../components/Button.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { ReviewForm } from '../features/reviews/ReviewForm.tsx';
import { ReviewedProduct } from '../features/reviews/ReviewedProduct.tsx';
import { parseId } from '../lib/ids.ts';
import { paths, to } from '../lib/paths.ts';
import { NotFound, useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function AddReviewPage() {
  usePageTitle('Write a review');
  const productId = parseId(useParams().productId);
  const product = useStore((s) => (productId === undefined ? undefined : s.products.byId[productId]));
  const existing = useStore((s) => s.reviews.mine.find((r) => r.productId === productId));
  const getProduct = useStore((s) => s.getProduct);
  const listMyReviews = useStore((s) => s.listMyReviews);
  const createReview = useStore((s) => s.createReview);
  const navigate = useNavigate();
  const state = useLoad(
    () => (productId === undefined ? Promise.reject(new NotFound()) : Promise.all([getProduct(productId), listMyReviews()])),
    [productId],
  );

  // One review per product: a second one is an edit of the first (docs/rules.md#screens).
  if (state.status === 'ready' && existing) return <Navigate to={to.editReview(existing.id)} replace />;

  const missing = (
    <Notice title="We couldn't find that product" level={1}>
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </Notice>
  );
  return (
    <LoadGate state={state} notFound={missing}>
      {product && (
        <>
          <PageHead title="Write a review">
            <ReviewedProduct product={product} />
          </PageHead>
          <ReviewForm
            submitLabel="Submit review"
            cancelTo={to.product(product.departmentId, product.id)}
            onSubmit={(input) =>
              createReview(product.id, input).then(() => navigate(to.product(product.departmentId, product.id)))
            }
          />
        </>
      )}
    </LoadGate>
  );
}
