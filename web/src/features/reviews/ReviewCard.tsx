import type { ReactNode } from 'react';
import type { Review } from '../../api/types.ts';
import { StarRating } from '../../components/StarRating.tsx';
import { formatDate } from '../../lib/dates.ts';
import styles from './reviews.module.css';

interface Props {
  review: Review;
  heading?: ReactNode;
  actions?: ReactNode;
  /** The title's heading level: 3 under a product's reviews section (the default), 2 in the shopper's own list. */
  headingLevel?: 2 | 3;
}

/** One review: stars, title, author and date, text; `actions` for the author's own list. */
export function ReviewCard({ review, heading, actions, headingLevel = 3 }: Props) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.review}>
      {heading}
      <StarRating rating={review.rating} />
      <Title className={styles.title}>{review.title}</Title>
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
