import { Navigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../components/Button.tsx';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AddToCartButton } from '../features/cart/AddToCartButton.tsx';
import { ProductGallery } from '../features/catalog/ProductGallery.tsx';
import { ProductDescription, ProductSummary } from '../features/catalog/ProductSummary.tsx';
import layout from '../features/catalog/product.module.css';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { ProductReviews } from '../features/reviews/ProductReviews.tsx';
import { parseId } from '../lib/ids.ts';
import { paths, to } from '../lib/paths.ts';
import { NotFound, useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import { MoreFromDepartment } from './parts/MoreFromDepartment.tsx';

export default function ProductPage() {
  const params = useParams();
  const productId = parseId(params.productId);
  const product = useStore((s) => (productId === undefined ? undefined : s.products.byId[productId]));
  const reviews = useStore((s) => (productId === undefined ? undefined : s.products.reviews[productId]));
  const userId = useStore((s) => s.session.user?.id);
  const getProduct = useStore((s) => s.getProduct);
  const listProductReviews = useStore((s) => s.listProductReviews);
  const state = useLoad(async () => {
    if (productId === undefined) throw new NotFound();
    // The reviews are not needed to show the product: their failure leaves the list empty.
    listProductReviews(productId).catch(() => undefined);
    await getProduct(productId);
  }, [productId]);
  usePageTitle(product?.name ?? (state.status === 'error' ? 'Product not found' : 'Product'));

  if (product && String(product.departmentId) !== params.departmentId)
    return <Navigate to={to.product(product.departmentId, product.id)} replace />;

  const mayWrite = userId !== undefined && reviews !== undefined && !reviews.some((r) => r.userId === userId);
  return (
    <LoadGate state={product ? { status: 'ready' } : state} notFound={<MissingProduct />}>
      {product && (
        <>
          <Breadcrumb
            crumbs={[
              { label: 'Market', to: paths.home },
              { label: product.Department.name, to: to.department(product.departmentId) },
              { label: product.name },
            ]}
          />
          <div className={layout.layout}>
            <ProductGallery name={product.name} images={product.ProductImages} />
            <ProductSummary
              product={product}
              favorite={<FavoriteButton productId={product.id} productName={product.name} />}
            >
              <AddToCartButton productId={product.id} productName={product.name} soldOut={product.stock === 0} />
            </ProductSummary>
          </div>
          <ProductDescription text={product.description} />
          <ProductReviews
            reviews={reviews}
            avgRating={product.avgRating}
            numReviews={product.numReviews}
            write={
              mayWrite && (
                <ButtonLink to={to.addReview(product.id)} variant="secondary">
                  Write a review
                </ButtonLink>
              )
            }
          />
          <MoreFromDepartment
            departmentId={product.departmentId}
            departmentName={product.Department.name}
            productId={product.id}
          />
        </>
      )}
    </LoadGate>
  );
}

function MissingProduct() {
  return (
    <Notice title="We couldn't find that product" level={1}>
      <p>It may no longer be sold here. Have a look around the rest of the store.</p>
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </Notice>
  );
}
