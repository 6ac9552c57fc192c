import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { NotFound, type LoadState } from '../lib/useLoad.ts';
import styles from './LoadGate.module.css';

interface Props {
  state: LoadState;
  /** Shown when the server answers 404 (or the route's id is not an id). */
  notFound: ReactNode;
  children: ReactNode;
}

/**
 * A screen's data: a quiet placeholder while it loads (no error text flashes by), the
 * not-found message for a 404, a retry hint for anything else, then the screen.
 */
export function LoadGate({ state, notFound, children }: Props) {
  if (state.status === 'loading') return <div className={styles.busy} aria-busy="true" aria-label="Loading" />;
  if (state.status === 'error') {
    const missing =
      state.error instanceof NotFound ||
      (state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 400));
    if (missing) return <>{notFound}</>;
    return (
      <p role="alert" className={styles.failed}>
        We couldn't load this page. Check your connection and reload to try again.
      </p>
    );
  }
  return <>{children}</>;
}
