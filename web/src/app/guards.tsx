import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { useStore } from '../store/index.ts';
import styles from './layout.module.css';

/** A screen that depends on who is signed in: a placeholder until the startup session check settles. */
export function AfterSession({ children }: { children: ReactNode }) {
  const loaded = useStore((s) => s.session.loaded);
  return loaded ? children : <div className={styles.loading} aria-busy="true" />;
}

/** Account, order and review screens: home for a visitor (docs/rules.md#screens). Inside AfterSession. */
export function RequireUser({ children }: { children: ReactNode }) {
  const signedIn = useStore((s) => s.session.user !== null);
  return signedIn ? children : <Navigate to={paths.home} replace />;
}

/** Sign-in and sign-up: shown at once, and home once the session check finds someone signed in. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useStore((s) => s.session.user !== null);
  return signedIn ? <Navigate to={paths.home} replace /> : children;
}
