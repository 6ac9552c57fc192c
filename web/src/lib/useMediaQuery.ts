import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches, following it as the window changes. A render
 * on the server, which has no window, takes `onServer`: what the page's stylesheet then
 * corrects where the query does not match.
 */
export function useMediaQuery(query: string, onServer: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => onServer,
  );
}
