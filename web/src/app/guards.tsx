import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { useStore } from '../store/index.ts';

// The main area renders only after the startup session check (layout.tsx), so these
// guards see the settled session.

/** Account, order and review screens: home for a visitor (docs/rules.md#screens). */
export function RequireUser({ children }: { children: ReactNode }) {
  const signedIn = useStore((s) => s.session.user !== null);
  return signedIn ? children : <Navigate to={paths.home} replace />;
}

/** Sign-in and sign-up: home for someone already signed in. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useStore((s) => s.session.user !== null);
  return signedIn ? <Navigate to={paths.home} replace /> : children;
}
