import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCard as Card } from '../api/types.ts';
import { to } from '../lib/paths.ts';
import { Price } from './Price.tsx';
import { StarRating } from './StarRating.tsx';
import styles from './ProductCard.module.css';

interface Props {
  product: Card;
  /** Controls placed on the picture's corner (the favorite heart). */
  corner?: ReactNode;
  /** Controls under the price (add to cart). */
  children?: ReactNode;
}

export function ProductCard({ product, corner, children }: Props) {
  const href = to.product(product.departmentId, product.id);
  return (
    <article className={styles.card}>
      <div className={styles.picture}>
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <img src={product.previewImage} alt={product.name} width={256} height={256} loading="lazy" />
        </Link>
        {corner && <div className={styles.corner}>{corner}</div>}
      </div>
      <div className={styles.body}>
        <Price amount={product.price} />
        <h3 className={styles.name}>
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className={styles.brand}>{product.brand}</p>
        <StarRating rating={product.avgRating} count={product.numReviews} />
        {children}
      </div>
    </article>
  );
}
