import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { useStore } from '../store/index.ts';
import { selectRole } from '../store/session.ts';
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

/**
 * Sign-in and sign-up: shown at once, and once the session check finds someone signed in,
 * home, or back to the back-office screen that sent a visitor here (RequireStaff).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useStore((s) => s.session.user !== null);
  const from = (useLocation().state as { from?: { pathname: string; search: string } } | null)?.from;
  const back = from?.pathname.startsWith(paths.admin) ? `${from.pathname}${from.search}` : paths.home;
  return signedIn ? <Navigate to={back} replace /> : children;
}

// Lazily, as its own route has it: the startup bundle does not carry it for this rare case.
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));

/**
 * The back office (/admin): sign-in for a visitor (the address they asked for is kept in
 * the navigation's state), and for a shopper the not-found page, so the back office's
 * existence is not advertised. Inside AfterSession. The server checks every call anyway.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const role = useStore(selectRole);
  const location = useLocation();
  if (role === null) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // Every role but a shopper's is a staff role (lib/roles.ts says what each may change).
  return role === 'shopper' ? <NotFoundPage /> : children;
}
