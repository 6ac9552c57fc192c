import { Link } from 'react-router-dom';
import type { AuditEntryBody } from '../../../api/types.ts';
import { to } from '../../../lib/paths.ts';
import { admin as styles } from '../../styles/classes.ts';
import { auditLines } from './auditLines.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';

/** What a change was made to, linking to a product's editor. */
function Thing({ entry }: { entry: AuditEntryBody }) {
  const label = `${entry.thing}${entry.thingId != null ? ` #${entry.thingId}` : ''}`;
  return entry.thing === 'product' && entry.thingId != null ? <Link to={to.adminProduct(entry.thingId)}>{label}</Link> : <>{label}</>;
}

/** The back office's changes, newest first: who, when, what, and each changed field before → after. */
export function AuditTable({ entries }: { entries: AuditEntryBody[] }) {
  if (entries.length === 0) return <p className={styles.empty}>Nothing has been changed yet.</p>;
  return (
    <TableFrame label="Audit log">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">On</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={styles.nowrap}>{momentLabel(e.at)}</td>
              <td>{e.actor}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td className={styles.nowrap}>
                <Thing entry={e} />
              </td>
              <td className={styles.json}>
                {auditLines(e.before, e.after).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
