import { useEffect, useRef, useState } from 'react';

/** A load that fails because the route names nothing (e.g. a non-numeric id). */
export class NotFound extends Error {}

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };

/**
 * Runs a store action when the screen opens (and again when `deps` change) and tells
 * how it went, so a page can show its data, a skeleton, or a not-found message. With
 * `held`, the store holds what the load brings already (the page came with it, and the
 * server drew the screen from it): the screen is ready at once and the load refreshes it.
 */
export function useLoad(load: () => Promise<unknown>, deps: readonly unknown[], held = false): LoadState {
  const [state, setState] = useState<LoadState>({ status: held ? 'ready' : 'loading' });
  // Only the first load is of what the store held; a later one (new `deps`) shows as loading.
  const refreshing = useRef(held);
  useEffect(() => {
    let current = true;
    if (refreshing.current) refreshing.current = false;
    else setState({ status: 'loading' });
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
