import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import styles from '../features/account/account.module.css';
import { Unsubscribe } from '../features/stockAlerts/Unsubscribe.tsx';
import { paths } from '../lib/paths.ts';

/** A back-in-stock mail's link (`/unsubscribe?token=…`): works signed in or not. */
export default function UnsubscribePage() {
  usePageTitle('Stop back-in-stock mails');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <AuthCard
      title="Stop back-in-stock mails?"
      switchText="Looking for something else?"
      switchLink={{ to: paths.home, label: 'Go to the home page' }}
    >
      {/* The page sends no Referer, whatever it links to: its address carries the token. */}
      <meta name="referrer" content="no-referrer" />
      {token ? (
        <Unsubscribe token={token} />
      ) : (
        <div className={styles.form}>
          <p role="alert" className={styles.serverMessage}>
            This page needs the link from a back-in-stock mail.
          </p>
        </div>
      )}
    </AuthCard>
  );
}
