import { Link } from 'react-router-dom';
import type { MailSummary } from '../../../api/types.ts';
import { to } from '../../../lib/paths.ts';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { momentLabel } from '../../lib/days.ts';
import { MailStatus } from './MailStatus.tsx';

/** The outbox, newest first: what, to whom, where each mail stands, and when; the subject first, which opens it. */
export function MailTable({ mails }: { mails: MailSummary[] }) {
  if (mails.length === 0) return <p className={styles.empty}>No mail has been written yet.</p>;
  return (
    <TableFrame label="Outbox">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">To</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.num}>
              Attempts
            </th>
            <th scope="col">Written</th>
          </tr>
        </thead>
        <tbody>
          {mails.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={to.adminMail(m.id)}>{m.subject}</Link>
              </td>
              <td>
                {m.toName}
                <div className={styles.soft}>{m.toAddress}</div>
              </td>
              <td>
                <code>{m.event}</code>
              </td>
              <td>
                <MailStatus status={m.status} />
              </td>
              <td className={styles.num}>{m.attempts}</td>
              <td className={styles.nowrap}>{momentLabel(m.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
