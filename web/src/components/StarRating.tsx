import styles from './StarRating.module.css';

interface Props {
  rating: number;
  count?: number;
  size?: 'small' | 'large';
}

/** Five stars filled to `rating` (out of 5), with the review count when given. */
export function StarRating({ rating, count, size = 'small' }: Props) {
  const pct = Math.max(0, Math.min(5, rating)) * 20;
  const label =
    count === undefined
      ? `${rating.toFixed(1)} out of 5 stars`
      : `${rating.toFixed(1)} out of 5 stars, ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={`${styles.rating} ${styles[size]}`} role="img" aria-label={label}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.empty}>★★★★★</span>
        <span className={styles.full} style={{ width: `${pct}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined && <span className={styles.count} aria-hidden="true">{count}</span>}
    </span>
  );
}
