import { useState } from 'react';
import type { Review } from '../../api/types.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { to } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { ReviewedProduct } from './ReviewedProduct.tsx';
import styles from './reviews.module.css';

/** The shopper's reviews, newest first, each with Edit and Delete. */
export function MyReviewList() {
  const reviews = useStore((s) => s.reviews.mine);
  const [confirming, setConfirming] = useState<Review | null>(null);
  return (
    <>
      <ul role="list" className={styles.list}>
        {reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard
              review={r}
              headingLevel={2}
              heading={<ReviewedProduct product={r.Product} />}
              actions={
                <>
                  <ButtonLink to={to.editReview(r.id)} variant="secondary" size="small" aria-label={`Edit review of ${r.Product.name}`}>
                    Edit
                  </ButtonLink>
                  <Button variant="quiet" size="small" onClick={() => setConfirming(r)} aria-label={`Delete review of ${r.Product.name}`}>
                    Delete
                  </Button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmDelete review={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

function ConfirmDelete({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const deleteReview = useStore((s) => s.deleteReview);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    if (!review) return;
    setBusy(true);
    // A failed delete leaves the review in the list (docs/rules.md#screens).
    deleteReview(review.id)
      .catch(() => undefined)
      .finally(() => {
        setBusy(false);
        onClose();
      });
  };
  return (
    <Dialog open={review !== null} onClose={onClose} label="Delete this review?">
      <div className={styles.confirm}>
        <h2>Delete this review?</h2>
        <p>Your review of {review?.Product.name} will be removed for good.</p>
        <div className={styles.formActions}>
          <Button onClick={confirm} disabled={busy}>
            Delete review
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
