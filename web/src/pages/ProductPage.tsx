import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { Variant } from '../api/types.ts';
import { ButtonLink } from '../components/Button.tsx';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AddToCartButton } from '../features/cart/AddToCartButton.tsx';
import { ProductGallery } from '../features/catalog/ProductGallery.tsx';
import { ProductDescription, ProductSummary } from '../features/catalog/ProductSummary.tsx';
import { VariantPicker } from '../features/catalog/VariantPicker.tsx';
import layout from '../features/catalog/product.module.css';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { ProductReviews } from '../features/reviews/ProductReviews.tsx';
import { parseId } from '../lib/ids.ts';
import { paths, to } from '../lib/paths.ts';
import { NotFound, useLoad } from '../lib/useLoad.ts';
import { initialVariant, valuesOf } from '../lib/variantChoice.ts';
import { useStore } from '../store/index.ts';
import { BackInStock } from './parts/BackInStock.tsx';
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
  // The choice lives in the address (?variant=ID), read through the router (the server's
  // render has no window), so a link opens that variant and both renders agree. Choosing
  // replaces the address: no history entry per size tried, no scroll, and no request
  // (the product's answer holds every variant).
  const [search, setSearch] = useSearchParams();
  const inAddress = search.get('variant');
  // A choice shows at once: the router's navigation that writes it to the address comes
  // a moment later, and a controlled radio would meanwhile snap back. Once the address
  // moves (to this choice, or by Back), the address rules again.
  const [picked, setPicked] = useState<{ over: string | null; id: string } | null>(null);
  const wanted = picked !== null && picked.over === inAddress ? picked.id : inAddress;
  const variant = product ? initialVariant(product, wanted) : undefined;
  const choose = (next: Variant) => {
    setPicked({ over: inAddress, id: String(next.id) });
    setSearch(
      (now) => {
        const changed = new URLSearchParams(now);
        changed.set('variant', String(next.id));
        return changed;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  if (product && String(product.departmentId) !== params.departmentId) {
    const query = search.toString();
    return <Navigate to={`${to.product(product.departmentId, product.id)}${query ? `?${query}` : ''}`} replace />;
  }

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
            <ProductGallery
              key={variant?.image ?? ''}
              name={product.name}
              images={product.ProductImages}
              lead={variant?.image}
            />
            <ProductSummary
              product={product}
              variant={variant}
              choice={
                product.options.length > 0 && <VariantPicker product={product} chosen={variant} onChoose={choose} />
              }
              favorite={<FavoriteButton productId={product.id} productName={product.name} variantId={variant?.id} />}
            >
              {product.options.length > 0 ? (
                <AddToCartButton
                  // A new choice starts afresh: the last one's "Added ..." must not be read as this one's.
                  key={variant?.id}
                  productId={product.id}
                  // "Added Tee (M, Navy) to your cart": which one, as the server names a line.
                  productName={variant ? `${product.name} (${valuesOf(product, variant).join(', ')})` : product.name}
                  variantId={variant?.id}
                  soldOut={(variant?.stock ?? 0) === 0}
                  label={(variant?.stock ?? 0) === 0 ? 'Sold out' : undefined}
                />
              ) : (
                <AddToCartButton productId={product.id} productName={product.name} soldOut={product.stock === 0} />
              )}
              {/* Sold out: the shopper may ask for a mail once it is back (that variant, for one with options). */}
              {product.options.length > 0
                ? variant?.stock === 0 && <BackInStock key={variant.id} productId={product.id} variantId={variant.id} />
                : product.stock === 0 && <BackInStock productId={product.id} />}
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
