import { Link } from 'react-router-dom';
import type { AdminReviewBody } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { to } from '../../../lib/paths.ts';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';

interface Props {
  reviews: AdminReviewBody[];
  /** Null for a viewer: no buttons. */
  onHide: ((review: AdminReviewBody, hidden: boolean) => void) | null;
  busy: number | null;
}

/** Reviews, hidden ones too, with Hide or Show for staff. */
export function ReviewTable({ reviews, onHide, busy }: Props) {
  if (reviews.length === 0) return <p className={styles.empty}>No reviews match.</p>;
  return (
    <TableFrame label="Reviews">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Review</th>
            <th scope="col">Product</th>
            <th scope="col" className={styles.num}>Rating</th>
            <th scope="col">By</th>
            <th scope="col">Shown</th>
            {onHide && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {reviews.map((r) => (
            <tr key={r.id}>
              <td>
                <strong>{r.title}</strong>
                <div className={styles.soft}>{r.description}</div>
              </td>
              <td>
                <Link to={to.adminProduct(r.productId)}>{r.productName}</Link>
              </td>
              <td className={styles.num}>{r.rating} / 5</td>
              <td>
                {r.username}
                <div className={`${styles.soft} ${styles.nowrap}`}>{momentLabel(r.createdAt)}</div>
              </td>
              <td>
                <span className={`${styles.status} ${r.hidden ? styles.bad : styles.good}`}>{r.hidden ? 'Hidden' : 'Visible'}</span>
              </td>
              {onHide && (
                <td>
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => onHide(r, !r.hidden)}
                    disabled={busy === r.id}
                    aria-label={`${r.hidden ? 'Show' : 'Hide'}: review “${r.title}” by ${r.username}`}
                  >
                    {r.hidden ? 'Show' : 'Hide'}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
