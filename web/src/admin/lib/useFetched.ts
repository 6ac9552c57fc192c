import { useCallback, useEffect, useState } from 'react';
import type { LoadState } from '../../lib/useLoad.ts';

/**
 * A back-office screen's data, fetched when the screen opens and again when `deps`
 * change (a new filter or page in the address). The last answer stays on screen while
 * the next one loads, so a list does not blink at every filter; `replace` swaps in a row
 * a write answered with, and `reload` fetches again. Kept out of the app's store: the
 * store ships to every shopper, the back office's data to staff only.
 */
export function useFetched<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T>();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setState({ status: 'ready' });
      },
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // The caller names what the load depends on, as with useEffect.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // Until the first answer, the screen shows LoadGate's placeholder or error.
  const gate: LoadState = data === undefined || state.status === 'error' ? state : { status: 'ready' };
  return { data, gate, loading: state.status === 'loading', replace: setData, reload };
}
