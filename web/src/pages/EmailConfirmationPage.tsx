import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import { EmailConfirmation } from '../features/account/EmailConfirmation.tsx';
import styles from '../features/account/account.module.css';
import { paths } from '../lib/paths.ts';
import { useStore } from '../store/index.ts';

/**
 * The token of the mail's link (`/account/email#token=…`), read once. It sits after
 * `#`, so it never reaches a server or a log; the address is then rewritten without it,
 * so it stays out of the history too (as the password reset's: ResetPasswordPage).
 */
function takeToken(): string {
  if (typeof window === 'undefined') return '';
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

export default function EmailConfirmationPage() {
  usePageTitle('Confirm your e-mail');
  const [token] = useState(takeToken);
  const signedIn = useStore((s) => s.session.user !== null);
  return (
    <AuthCard
      title="Confirm your e-mail"
      switchText="Looking for something else?"
      switchLink={{ to: paths.home, label: 'Go to the home page' }}
    >
      {/* The page sends no Referer, whatever it links to. */}
      <meta name="referrer" content="no-referrer" />
      {token ? (
        <EmailConfirmation token={token} />
      ) : (
        <div className={styles.form}>
          <p role="alert" className={styles.serverMessage}>
            This page needs the link from the mail we sent to your new address.
          </p>
          <Link className={styles.back} to={signedIn ? paths.accountSettings : paths.login}>
            {signedIn ? 'Account settings' : 'Sign in'}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
