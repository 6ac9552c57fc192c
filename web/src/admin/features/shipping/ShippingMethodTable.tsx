import type { AdminShippingMethod } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';
import { freeOverLabel, shippingPrice } from './shippingRules.ts';

export interface MethodActions {
  onEdit: (method: AdminShippingMethod) => void;
  onMakeDefault: (method: AdminShippingMethod) => void;
  onRemove: (method: AdminShippingMethod) => void;
}

/** Where a method stands: the default, offered, or archived (read-only, kept for its orders). */
function MethodState({ method }: { method: AdminShippingMethod }) {
  if (method.archivedAt != null)
    return (
      <>
        <span className={styles.status}>Archived</span>
        <div className={`${styles.soft} ${styles.nowrap}`}>{momentLabel(method.archivedAt)}</div>
      </>
    );
  if (method.isDefault) return <span className={`${styles.status} ${styles.good}`}>Default</span>;
  return <span className={styles.soft}>Offered</span>;
}

/** Every shipping method, archived ones last; Edit, Make default and Remove for staff. */
export function ShippingMethodTable({ methods, actions, busy }: {
  methods: AdminShippingMethod[];
  /** Null for a viewer: no buttons. */
  actions: MethodActions | null;
  busy: number | null;
}) {
  if (methods.length === 0) return <p className={styles.empty}>No shipping methods yet.</p>;
  return (
    <TableFrame label="Shipping methods table">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col" className={styles.num}>Price</th>
            <th scope="col">Free over</th>
            <th scope="col">Business days</th>
            <th scope="col" className={styles.num}>Orders</th>
            <th scope="col">Status</th>
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {methods.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.name}</th>
              <td className={styles.num}>{shippingPrice(m.price)}</td>
              <td className={styles.nowrap}>{freeOverLabel(m.freeOver)}</td>
              <td className={styles.nowrap}>{m.days}</td>
              <td className={styles.num}>{m.orders.toLocaleString('en-US')}</td>
              <td>
                <MethodState method={m} />
              </td>
              {actions && (
                <td>
                  {m.archivedAt != null ? (
                    <span className={styles.soft}>Read-only</span>
                  ) : (
                    <div className={styles.actions}>
                      <Button size="small" variant="secondary" onClick={() => actions.onEdit(m)} disabled={busy === m.id} aria-label={`Edit: ${m.name}`}>
                        Edit
                      </Button>
                      {!m.isDefault && (
                        <>
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => actions.onMakeDefault(m)}
                            disabled={busy === m.id}
                            aria-label={`Make default: ${m.name}`}
                          >
                            Make default
                          </Button>
                          <Button
                            size="small"
                            variant="quiet"
                            onClick={() => actions.onRemove(m)}
                            disabled={busy === m.id}
                            aria-label={`${m.orders > 0 ? 'Archive' : 'Delete'}: ${m.name}`}
                          >
                            {m.orders > 0 ? 'Archive' : 'Delete'}
                          </Button>
                        </>
                      )}
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
