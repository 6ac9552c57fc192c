import { admin as styles } from '../../styles/classes.ts';

const tone: Record<string, string> = { sent: styles.good, failed: styles.bad, queued: styles.info };
const label: Record<string, string> = { queued: 'Queued', sent: 'Sent', failed: 'Given up', kept: 'Kept (demo)' };

/** Where a mail stands: queued, sent, given up, or kept for a demo shopper's inbox. */
export function MailStatus({ status }: { status: string }) {
  return <span className={`${styles.status} ${tone[status] ?? ''}`}>{label[status] ?? status}</span>;
}
