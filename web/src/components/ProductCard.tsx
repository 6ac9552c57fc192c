import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCard as Card } from '../api/types.ts';
import { to } from '../lib/paths.ts';
import { describeOptions } from '../lib/variantChoice.ts';
import { Price } from './Price.tsx';
import { StarRating } from './StarRating.tsx';
import { StockNote } from './StockNote.tsx';
import styles from './ProductCard.module.css';

/** What a card shows: a favorite's card is told no stock. */
type CardFields = Omit<Card, 'stock'> & { stock?: number };

interface Props {
  product: CardFields;
  /** Controls placed on the picture's corner (the favorite heart). */
  corner?: ReactNode;
  /** Controls under the price (add to cart). */
  children?: ReactNode;
  /** The name's heading level: 3 under a section's h2 (the default), 2 where the cards are the page's own list. */
  headingLevel?: 2 | 3;
  /** A variant the card is of (a favorite's): its page opens on it, and its values show. */
  variant?: { id: number; options: readonly { name: string; value: string }[] };
}

export function ProductCard({ product, corner, children, headingLevel = 3, variant }: Props) {
  const href = to.product(product.departmentId, product.id, variant?.id);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <div className={styles.picture}>
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <img src={product.previewImage} alt={product.name} width={256} height={256} loading="lazy" />
        </Link>
        {corner && <div className={styles.corner}>{corner}</div>}
      </div>
      <div className={styles.body}>
        <Price amount={product.price} from={product.priceTo != null} />
        <Heading className={styles.name}>
          <Link to={href}>{product.name}</Link>
        </Heading>
        <p className={styles.brand}>{product.brand}</p>
        {variant && <p className={styles.options}>{describeOptions(variant.options)}</p>}
        <StarRating rating={product.avgRating} count={product.numReviews} />
        <StockNote stock={product.stock} />
        {children}
      </div>
    </article>
  );
}
