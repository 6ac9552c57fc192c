import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listingSearch, parseListing, type ListingKind, type ListingQuery } from './listingQuery.ts';

/**
 * The listing the address describes, and a way to choose another one: each choice is a new
 * history entry, so Back and Forward step through what the shopper did. A new filter or
 * order keeps the scroll position (the shopper is still choosing); a new page (through the
 * page links, which are plain links) starts at the top.
 */
export function useListingQuery(kind: ListingKind): [ListingQuery, (next: ListingQuery) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseListing(kind, search), [kind, search]);
  const choose = useCallback(
    (next: ListingQuery) => {
      const target = listingSearch(next);
      if (target === search) return;
      // flushSync: the ticked box shows ticked at once, not after a render in a transition.
      void navigate({ search: target }, { preventScrollReset: next.page === query.page, flushSync: true });
    },
    [navigate, search, query.page],
  );
  return [query, choose];
}
