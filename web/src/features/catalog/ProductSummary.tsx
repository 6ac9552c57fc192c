import type { ReactNode } from 'react';
import type { Product, Variant } from '../../api/types.ts';
import { Price } from '../../components/Price.tsx';
import { StarRating } from '../../components/StarRating.tsx';
import { StockNote } from '../../components/StockNote.tsx';
import styles from './product.module.css';

interface Props {
  product: Product;
  /** The variant chosen, for a product with options: its price and stock are shown. */
  variant?: Variant;
  /** The options' chips (VariantPicker), above the stock line and the button they govern. */
  choice?: ReactNode;
  /** The heart, beside the name. */
  favorite: ReactNode;
  /** Add to cart. */
  children: ReactNode;
}

/** Name, brand, rating, price and the buy box of a product page. */
export function ProductSummary({ product, variant, choice, favorite, children }: Props) {
  // A product with options but no variant sold shows its own figures: "from" its price, none left.
  return (
    <div className={styles.summary}>
      <div className={styles.titleRow}>
        <h1 className={styles.name}>{product.name}</h1>
        {favorite}
      </div>
      <p className={styles.brand}>
        Shop all <strong>{product.brand}</strong>
      </p>
      <a href="#reviews" className={styles.ratingLink}>
        <StarRating rating={product.avgRating} count={product.numReviews} size="large" />
      </a>
      <div className={styles.buyBox}>
        <Price
          amount={variant?.price ?? product.price}
          size="large"
          from={variant === undefined && product.priceTo != null}
        />
        <p className={styles.when}>When purchased online</p>
        <ul role="list" className={styles.perks}>
          <li>Free shipping with RedCard</li>
          <li>Ready within 2 hours with pickup</li>
        </ul>
        {choice}
        <StockNote stock={variant?.stock ?? product.stock} size="large" />
        {children}
      </div>
    </div>
  );
}

export function ProductDescription({ text }: { text: string }) {
  return (
    <section className={styles.description} aria-labelledby="about">
      <h2 id="about">About this item</h2>
      <p>{text}</p>
    </section>
  );
}
