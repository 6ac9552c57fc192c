import { useState } from 'react';
import type { Department, Facets } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { PanelHead } from '../../components/PanelHead.tsx';
import { countOf } from '../../lib/counts.ts';
import { activeFilterCount, type ListingQuery } from '../../lib/listingQuery.ts';
import { ClearAll } from './ActiveFilters.tsx';
import { FilterForm } from './FilterForm.tsx';
import styles from './listing.module.css';

interface Props {
  query: ListingQuery;
  facets: Facets | undefined;
  departments?: Department[];
  onChoose: (next: ListingQuery) => void;
  /** How many products the current filters find (the last answer's). */
  total: number | undefined;
  /** The next answer is on its way. */
  busy: boolean;
}

/**
 * On a phone the filters leave the side of the grid for a panel, opened by a "Filters"
 * button that counts the filters in force. Choices apply as they are made; "Show N
 * results" closes the panel on the results they give.
 */
export function FilterPanel({ query, facets, departments, onChoose, total, busy }: Props) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(query);
  return (
    <div className={styles.phoneOnly}>
      <Button
        variant="secondary"
        size="small"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <FunnelIcon />
        Filters
        {active > 0 && (
          <span className={styles.badge}>
            {active}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} label="Filters" placement="end">
        <div className={styles.panel}>
          <PanelHead title="Filters" closeLabel="Close filters" onClose={() => setOpen(false)} />
          <FilterForm query={query} facets={facets} departments={departments} onChoose={onChoose} />
          <div className={styles.panelFoot}>
            <ClearAll query={query} onChoose={onChoose} />
            <Button wide onClick={() => setOpen(false)} aria-busy={busy || undefined}>
              {total === undefined ? 'Show results' : `Show ${countOf(total, 'result', 'results')}`}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

function FunnelIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 5h18l-7 8v6l-4 2v-8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
