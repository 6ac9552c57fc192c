import { useId, type ReactNode } from 'react';
import type { Department, Facets } from '../../api/types.ts';
import type { ListingQuery } from '../../lib/listingQuery.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FilterForm } from './FilterForm.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { SortSelect } from './SortSelect.tsx';
import styles from './listing.module.css';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';

interface Props {
  query: ListingQuery;
  onChoose: (next: ListingQuery) => void;
  /** The shown answer's facets and total (undefined before the first answer). */
  facets: Facets | undefined;
  total: number | undefined;
  /** "Page 2 of 6", when there is more than one page. */
  pageNote?: string;
  /** Search only: the departments a search may be narrowed to. */
  departments?: Department[];
  /** The next answer is on its way: the results shown are the previous ones. */
  busy: boolean;
  /** The grid (or the empty state), then the page links. */
  children: ReactNode;
}

/**
 * A listing screen's body: the filters on the left (in a panel on a phone), the order and
 * the filters in force above the results. The previous results stay, dimmed, while the
 * next ones load, so nothing jumps.
 */
export function ListingLayout({ query, onChoose, facets, total, pageNote, departments, busy, children }: Props) {
  const headingId = useId();
  // A phone has no room for the sidebar (listing.module.css): its filters are only drawn
  // in the panel, when it opens, not kept hidden beside it. The server, which cannot
  // tell, draws the sidebar, and a phone's stylesheet hides it until the app takes over.
  const wide = useMediaQuery('(min-width: 768px)', true);
  return (
    <div className={styles.layout}>
      {wide && (
        <section className={styles.sidebar} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.sidebarTitle}>
            Filters
          </h2>
          <FilterForm query={query} facets={facets} departments={departments} onChoose={onChoose} />
        </section>
      )}
      <div className={styles.main}>
        <div className={styles.toolbar}>
          <FilterPanel
            query={query}
            facets={facets}
            departments={departments}
            onChoose={onChoose}
            total={total}
            busy={busy}
          />
          {pageNote && <p className={styles.pageNote}>{pageNote}</p>}
          <SortSelect query={query} onChoose={onChoose} />
        </div>
        <ActiveFilters query={query} departments={departments} onChoose={onChoose} />
        <div className={busy ? `${styles.results} ${styles.busy}` : styles.results} aria-busy={busy}>
          {children}
        </div>
      </div>
    </div>
  );
}
