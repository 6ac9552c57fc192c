import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import { ResetPasswordForm } from '../features/account/ResetPasswordForm.tsx';
import styles from '../features/account/account.module.css';
import { paths } from '../lib/paths.ts';

/**
 * The token of the mail's link (`/reset-password#token=…`), read once. It sits after
 * `#`, so it never reaches a server or a log; the address is then rewritten without it,
 * so it stays out of the history too.
 */
function takeToken(): string {
  if (typeof window === 'undefined') return '';
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [token] = useState(takeToken);
  return (
    <AuthCard
      title="Choose a new password"
      switchText="Remembered it?"
      switchLink={{ to: paths.login, label: 'Sign in' }}
    >
      {/* The page sends no Referer, whatever it links to. */}
      <meta name="referrer" content="no-referrer" />
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className={styles.form}>
          <p role="alert" className={styles.serverMessage}>
            This page needs the link from your reset mail.
          </p>
          <Link className={styles.back} to={paths.forgotPassword}>
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
