import { useId } from 'react';
import { sortsFor, withChoice, type ListingQuery } from '../../lib/listingQuery.ts';
import { sortLabels } from './labels.ts';
import styles from './listing.module.css';

/** "Sort by": relevance (search only), featured, price both ways, top rated, newest. */
export function SortSelect({ query, onChoose }: { query: ListingQuery; onChoose: (next: ListingQuery) => void }) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className={styles.select}
        value={query.sort}
        onChange={(e) => {
          const sort = sortsFor(query.kind).find((s) => s === e.target.value);
          if (sort) onChoose(withChoice(query, { sort }));
        }}
      >
        {sortsFor(query.kind).map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
