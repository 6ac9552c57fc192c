import type { AccountBody, Role } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';

const roleNames: Record<Role, string> = { owner: 'Owner', staff: 'Staff', viewer: 'Viewer', shopper: 'Shopper' };

/** Every account: who it is, its orders and role, and Disable or Enable for an owner. */
export function ShopperTable({ accounts, onDisable, busy }: {
  accounts: AccountBody[];
  /** Null unless an owner is looking. */
  onDisable: ((account: AccountBody, disabled: boolean) => void) | null;
  busy: number | null;
}) {
  if (accounts.length === 0) return <p className={styles.empty}>No accounts match.</p>;
  return (
    <TableFrame label="Shoppers">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col" className={styles.num}>Orders</th>
            <th scope="col">Role</th>
            <th scope="col">Account</th>
            {onDisable && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.username}</th>
              <td>{a.email}</td>
              <td>
                {a.firstName} {a.lastName}
              </td>
              <td className={styles.num}>{a.orders}</td>
              <td>{roleNames[a.role]}</td>
              <td>
                <span className={`${styles.status} ${a.disabled ? styles.bad : styles.good}`}>{a.disabled ? 'Disabled' : 'Active'}</span>
              </td>
              {onDisable && (
                <td>
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => onDisable(a, !a.disabled)}
                    disabled={busy === a.id}
                    aria-label={`${a.disabled ? 'Enable' : 'Disable'}: ${a.username}`}
                  >
                    {a.disabled ? 'Enable' : 'Disable'}
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

/** The staff, with a role select per account for an owner ("Shopper" takes them off the staff). */
export function StaffTable({ accounts, onRole, busy }: {
  accounts: AccountBody[];
  /** Null unless an owner is looking. */
  onRole: ((account: AccountBody, role: Role) => void) | null;
  busy: number | null;
}) {
  return (
    <TableFrame label="Staff">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Second factor</th>
            <th scope="col">Since</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.username}</th>
              <td>{a.email}</td>
              <td>
                {onRole ? (
                  <select
                    aria-label={`Role of ${a.username}`}
                    className={styles.select}
                    value={a.role}
                    disabled={busy === a.id}
                    onChange={(e) => onRole(a, e.target.value as Role)}
                  >
                    {(['owner', 'staff', 'viewer', 'shopper'] as const).map((r) => (
                      <option key={r} value={r}>
                        {r === 'shopper' ? 'Shopper (remove from staff)' : roleNames[r]}
                      </option>
                    ))}
                  </select>
                ) : (
                  roleNames[a.role]
                )}
              </td>
              <td>{a.secondFactor ? 'On' : 'Off'}</td>
              <td className={styles.nowrap}>{momentLabel(a.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
