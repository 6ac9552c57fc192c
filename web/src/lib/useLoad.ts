import { useEffect, useState } from 'react';

/** A load that fails because the route names nothing (e.g. a non-numeric id). */
export class NotFound extends Error {}

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };

/**
 * Runs a store action when the screen opens (and again when `deps` change) and tells
 * how it went, so a page can show its data, a skeleton, or a not-found message.
 */
export function useLoad(load: () => Promise<unknown>, deps: readonly unknown[]): LoadState {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      () => current && setState({ status: 'ready' }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // The caller names what the load depends on, as with useEffect.
  }, deps);
  return state;
}
