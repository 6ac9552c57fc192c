import type { ReactNode } from 'react';
import type { Review } from '../../api/types.ts';
import { StarRating } from '../../components/StarRating.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import styles from './reviews.module.css';

interface Props {
  reviews: Review[] | undefined;
  avgRating: number;
  numReviews: number;
  /** The 'Write a review' button, when the shopper may write one. */
  write?: ReactNode;
}

/** Guest ratings and reviews of one product: the average, the spread of stars, each review. */
export function ProductReviews({ reviews, avgRating, numReviews, write }: Props) {
  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Guest ratings &amp; reviews</h2>
      <div className={styles.overview}>
        <div className={styles.average}>
          <strong>{numReviews > 0 ? avgRating.toFixed(1) : '–'}</strong>
          <StarRating rating={avgRating} size="large" />
          <span>
            {numReviews} {numReviews === 1 ? 'star rating' : 'star ratings'}
          </span>
        </div>
        {reviews && reviews.length > 0 && <Spread reviews={reviews} />}
        {write && <div className={styles.write}>{write}</div>}
      </div>
      {reviews === undefined ? null : reviews.length === 0 ? (
        <p className={styles.none}>No reviews yet. Be the first to tell other guests what you think.</p>
      ) : (
        <ul role="list" className={styles.list}>
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How many reviews gave each number of stars, as bars. */
function Spread({ reviews }: { reviews: Review[] }) {
  const counts = [5, 4, 3, 2, 1].map((stars) => [stars, reviews.filter((r) => r.rating === stars).length] as const);
  return (
    <dl className={styles.spread} aria-label="Ratings by stars">
      {counts.map(([stars, count]) => (
        <div key={stars} className={styles.bar}>
          <dt>{stars} star</dt>
          <dd>
            <span className={styles.track} aria-hidden="true">
              <span style={{ width: `${(count / reviews.length) * 100}%` }} />
            </span>
            <span className={styles.barCount}>{Math.round((count / reviews.length) * 100)}%</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
