import { useEffect } from 'react';

/** Sets the document title as "<page> · Market" (or just "Market"). */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Market` : 'Market';
  }, [title]);
}
