import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { unsubscribeStockAlerts } from '../../api/stockAlerts.ts';
import { Button } from '../../components/Button.tsx';
import { useStore } from '../../store/index.ts';
import styles from './stockAlerts.module.css';

/**
 * A back-in-stock mail's "stop these mails" link, `token` its: asks before it acts (a
 * mail client that opens links to check them must not end anything), then ends every
 * alert of the account still waiting, signed in or not, and says so.
 */
export function Unsubscribe({ token }: { token: string }) {
  const whoIsHere = useStore((s) => s.whoIsHere);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [refused, setRefused] = useState('');

  const stop = () => {
    setBusy(true);
    setRefused('');
    // Opened from a mail, often in a new visit: a tap made while the startup session check
    // is under way waits for it, which gives the browser its anti-forgery cookie.
    whoIsHere()
      .then(() => unsubscribeStockAlerts(token))
      .then(({ message }) => setDone(message))
      .catch((error: unknown) =>
        setRefused(error instanceof ApiError ? (error.errors[0] ?? error.message) : "We couldn't reach the store. Please try again."),
      )
      .finally(() => setBusy(false));
  };

  if (done !== undefined) {
    return (
      <div className={styles.card}>
        <p role="status" className={styles.done}>
          {done}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.card}>
      <p>
        We'll stop every back-in-stock alert of your account that is still waiting, and send you no more of these mails.
        You can ask again on any sold-out product's page.
      </p>
      {refused && (
        <p role="alert" className={styles.serverMessage}>
          {refused}
        </p>
      )}
      <Button wide onClick={stop} disabled={busy}>
        Stop the mails
      </Button>
    </div>
  );
}
