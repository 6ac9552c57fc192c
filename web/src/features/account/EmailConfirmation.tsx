import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { paths } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';
import { UNREACHABLE } from './useServerMessages.ts';

// One call per token, however often the screen mounts (React's development checks mount
// it twice): a second call would find the token used and say so.
const asked = new Map<string, Promise<string>>();

type State = { status: 'busy' } | { status: 'done'; message: string } | { status: 'refused'; message: string };

/**
 * Puts the new address of a mailed link in effect as the screen opens, signed in or not,
 * and says what the store answered: done, or why not (a used, expired or replaced link;
 * an address another account took meanwhile).
 */
export function EmailConfirmation({ token }: { token: string }) {
  const confirmEmail = useStore((s) => s.confirmEmail);
  const signedIn = useStore((s) => s.session.user !== null);
  const [state, setState] = useState<State>({ status: 'busy' });

  useEffect(() => {
    let current = true;
    let answer = asked.get(token);
    if (answer === undefined) {
      answer = confirmEmail(token);
      asked.set(token, answer);
    }
    answer.then(
      (message) => current && setState({ status: 'done', message }),
      (error: unknown) =>
        current && setState({ status: 'refused', message: error instanceof ApiError ? (error.errors[0] ?? error.message) : UNREACHABLE }),
    );
    return () => {
      current = false;
    };
  }, [token, confirmEmail]);

  const next = signedIn ? (
    <Link className={styles.back} to={paths.accountSettings}>
      Account settings
    </Link>
  ) : (
    <Link className={styles.back} to={paths.login}>
      Sign in
    </Link>
  );
  return (
    <div className={styles.form}>
      {state.status === 'busy' && (
        <p className={styles.note} aria-busy="true">
          Confirming your new e-mail address…
        </p>
      )}
      {state.status === 'done' && (
        <p role="status" className={styles.done}>
          {state.message}
        </p>
      )}
      {state.status === 'refused' && (
        <p role="alert" className={styles.serverMessage}>
          {state.message}
        </p>
      )}
      {state.status !== 'busy' && next}
    </div>
  );
}
