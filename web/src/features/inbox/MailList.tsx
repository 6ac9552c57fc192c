import { Link } from 'react-router-dom';
import type { InboxMail } from '../../api/types.ts';
import { formatDate } from '../../lib/dates.ts';
import styles from './inbox.module.css';

/** The navigation state of a mail chosen from the list. */
export const CHOSEN = { chosen: true } as const;

/** Whether the address was reached by choosing a mail from the list (its navigation state). */
export const wasChosen = (state: unknown) => (state as Partial<typeof CHOSEN> | null)?.chosen === true;

/**
 * The inbox's mails, newest first: each its subject and day, a link that opens it beside
 * the list (`?mail=ID`, so Back goes to the mail before and a reload keeps it open).
 */
export function MailList({ mails, chosen }: { mails: InboxMail[]; chosen: number | undefined }) {
  return (
    <ul role="list" className={styles.list} aria-label="Your mails">
      {mails.map((m) => (
        <li key={m.id}>
          <Link
            to={`?mail=${m.id}`}
            // The reader takes the focus (MailReader); the page stays where it is.
            state={CHOSEN}
            preventScrollReset
            className={styles.item}
            aria-current={m.id === chosen ? 'true' : undefined}
          >
            <strong>{m.subject}</strong>
            <span>{formatDate(m.createdAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
