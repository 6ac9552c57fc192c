import type { AdminPromotion } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLines } from '../../lib/days.ts';
import {
  canEndNow,
  discountLabel,
  minimumLabel,
  promotionStatus,
  statusNames,
  usesLabel,
  type PromotionStatus,
} from './promotionRules.ts';

export interface PromotionActions {
  onEndNow: (promotion: AdminPromotion) => void;
  onEdit: (promotion: AdminPromotion) => void;
}

const statusLook: Record<PromotionStatus, string> = {
  active: `${styles.status} ${styles.good}`,
  scheduled: `${styles.status} ${styles.info}`,
  ended: styles.status,
  usedUp: `${styles.status} ${styles.bad}`,
};

/** A moment, its date over its time, or what its absence means. */
function Moment({ iso, none }: { iso: string | null | undefined; none: string }) {
  if (iso == null) return <span className={styles.soft}>{none}</span>;
  const [date, time] = momentLines(iso);
  return (
    <>
      {date}
      <div className={styles.soft}>{time}</div>
    </>
  );
}

/** Every code, newest first, with its status at `now`; End now and Edit for staff. */
export function PromotionTable({ promotions, now, actions, busy }: {
  promotions: AdminPromotion[];
  /** The moment the statuses are of (ms since the epoch). */
  now: number;
  /** Null for a viewer: no buttons. */
  actions: PromotionActions | null;
  busy: number | null;
}) {
  if (promotions.length === 0) return <p className={styles.empty}>No promotion codes yet.</p>;
  return (
    <TableFrame label="Promotion codes">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col" className={styles.num}>Minimum</th>
            <th scope="col">Starts</th>
            <th scope="col">Ends</th>
            <th scope="col" className={styles.num}>Uses</th>
            <th scope="col">Per shopper</th>
            <th scope="col">Status</th>
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {promotions.map((p) => {
            const status = promotionStatus(p, now);
            return (
              <tr key={p.id}>
                <th scope="row" className={styles.code}>
                  {p.code}
                </th>
                <td className={styles.nowrap}>{discountLabel(p)}</td>
                <td className={styles.num}>{minimumLabel(p.minSubtotal)}</td>
                <td className={styles.nowrap}>
                  <Moment iso={p.startsAt} none="At once" />
                </td>
                <td className={styles.nowrap}>
                  <Moment iso={p.endsAt} none="Never" />
                </td>
                <td className={styles.num}>{usesLabel(p)}</td>
                <td className={styles.nowrap}>{p.oncePerShopper ? 'Once' : 'No limit'}</td>
                <td>
                  <span className={statusLook[status]}>{statusNames[status]}</span>
                </td>
                {actions && (
                  <td>
                    <div className={styles.actions}>
                      {canEndNow(status) && (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => actions.onEndNow(p)}
                          disabled={busy === p.id}
                          aria-label={`End now: ${p.code}`}
                        >
                          End now
                        </Button>
                      )}
                      <Button size="small" variant="secondary" onClick={() => actions.onEdit(p)} disabled={busy === p.id} aria-label={`Edit: ${p.code}`}>
                        Edit
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
