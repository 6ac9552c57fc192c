import type { ReactNode } from 'react';
import type { ProductCard as Card } from '../../api/types.ts';
import { ProductCard } from '../../components/ProductCard.tsx';
import { AddToCartButton, ChooseOptionsLink } from '../../features/cart/AddToCartButton.tsx';
import { FavoriteButton } from '../../features/favorites/FavoriteButton.tsx';
import { to } from '../../lib/paths.ts';

/**
 * A product card a shopper can act on: the heart on its picture and an add-to-cart
 * button under it. Shared by the department, favorites and cart screens, which is why it
 * lives beside the pages that compose the two features rather than in either feature.
 */
interface Props {
  /** A favorite's card is told no stock. */
  product: Omit<Card, 'stock'> & { stock?: number };
  /** The add-to-cart button's words ('Add to cart' unless given). */
  label?: string;
  /** The card's heading level (ProductCard's headingLevel). */
  headingLevel?: 2 | 3;
  children?: ReactNode;
  /** The variant a favorite keeps: the card opens the product on it and names its values. */
  variant?: { id: number; options: readonly { name: string; value: string }[] };
}

export function ShopCard({ product, label, headingLevel, children, variant }: Props) {
  const page = to.product(product.departmentId, product.id, variant?.id);
  return (
    <ProductCard
      product={product}
      headingLevel={headingLevel}
      variant={variant}
      corner={<FavoriteButton productId={product.id} productName={product.name} />}
    >
      {children}
      {/* A product sold by variant cannot be added without a choice, made on its page. */}
      {product.hasOptions ? (
        <ChooseOptionsLink to={page} productName={product.name} size="small" />
      ) : (
        <AddToCartButton
          productId={product.id}
          productName={product.name}
          label={label}
          size="small"
          soldOut={product.stock === 0}
        />
      )}
    </ProductCard>
  );
}
