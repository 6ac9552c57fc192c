import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { withParams } from '../../lib/queryParams.ts';

/**
 * A list's filters, search and page, read from and written to the address: each choice
 * is a history entry (Back undoes it), and a new filter keeps the scroll position.
 */
export function useUrlParams() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const change = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      void navigate({ pathname, search: withParams(search, changes) }, { preventScrollReset: true }),
    [navigate, pathname, search],
  );
  /** The address of another page of the list, for the page links. */
  const pageHref = useCallback((page: number) => `${pathname}${withParams(search, { page })}`, [pathname, search]);
  return { params, search, change, pageHref };
}
