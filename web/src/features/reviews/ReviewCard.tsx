import type { ReactNode } from 'react';
import type { Review } from '../../api/types.ts';
import { StarRating } from '../../components/StarRating.tsx';
import { formatDate } from '../../lib/dates.ts';
import styles from './reviews.module.css';

/** One review: stars, title, author and date, text; `actions` for the author's own list. */
export function ReviewCard({ review, heading, actions }: { review: Review; heading?: ReactNode; actions?: ReactNode }) {
  return (
    <article className={styles.review}>
      {heading}
      <StarRating rating={review.rating} />
      <h3 className={styles.title}>{review.title}</h3>
      <p className={styles.byline}>
        <img src={review.User.url} alt="" width={28} height={28} className={styles.avatar} loading="lazy" />
        <span>
          {review.User.firstName} {review.User.lastName.charAt(0)}. · {formatDate(review.createdAt)}
        </span>
      </p>
      <p className={styles.text}>{review.description}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}
