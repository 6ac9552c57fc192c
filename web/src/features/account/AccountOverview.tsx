import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Order, Review } from '../../api/types.ts';
import { StarRating } from '../../components/StarRating.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatPrice } from '../../lib/money.ts';
import { to } from '../../lib/paths.ts';
import styles from './account.module.css';

/** A blurb on the account overview, with a link to the full list. */
export function AccountTile(props: { title: string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className={styles.tile} aria-label={props.title}>
      <div className={styles.tileHead}>
        <h2>{props.title}</h2>
        <Link to={props.link.to}>{props.link.label}</Link>
      </div>
      {props.children}
    </section>
  );
}

export function LatestOrder({ order }: { order: Order | undefined }) {
  if (!order) return <p className={styles.empty}>You haven't placed an order yet.</p>;
  const first = order.Products[0];
  return (
    <Link to={to.order(order.id)} className={styles.blurb}>
      {first && <img src={first.previewImage} alt="" width={64} height={64} />}
      <span>
        <strong>
          Order #{order.id} · {order.status}
        </strong>
        <span>
          {formatDate(order.createdAt)} · {order.Products.length} {order.Products.length === 1 ? 'item' : 'items'} ·{' '}
          {formatPrice(order.total)}
        </span>
      </span>
    </Link>
  );
}

export function LatestReview({ review }: { review: Review | undefined }) {
  if (!review) return <p className={styles.empty}>You haven't written a review yet.</p>;
  return (
    <Link to={to.product(review.Product.departmentId, review.Product.id)} className={styles.blurb}>
      <img src={review.Product.previewImage} alt="" width={64} height={64} />
      <span>
        <strong>{review.Product.name}</strong>
        <StarRating rating={review.rating} />
        <span>
          “{review.title}” · {formatDate(review.createdAt)}
        </span>
      </span>
    </Link>
  );
}
