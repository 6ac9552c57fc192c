import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './account.module.css';

interface Props {
  title: string;
  /** The way to the other form: "New to Market? Create your account". */
  switchText: string;
  switchLink: { to: string; label: string };
  children: ReactNode;
}

/** The centred card that holds the sign-in and sign-up forms. */
export function AuthCard({ title, switchText, switchLink, children }: Props) {
  return (
    <div className={styles.authPage}>
      <section className={styles.authCard} aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      <p className={styles.switch}>
        {switchText} <Link to={switchLink.to}>{switchLink.label}</Link>
      </p>
    </div>
  );
}
