import type { Department } from '../../api/types.ts';
import {
  activeFilterCount,
  toggleBrand,
  withChoice,
  withoutFilters,
  type ListingQuery,
} from '../../lib/listingQuery.ts';
import { priceLabel, ratingLabel } from './labels.ts';
import styles from './listing.module.css';

interface Props {
  query: ListingQuery;
  departments?: Department[];
  onChoose: (next: ListingQuery) => void;
}

/** The filters in force, each removable on its own, and "Clear all". Nothing when none are. */
export function ActiveFilters({ query, departments, onChoose }: Props) {
  if (activeFilterCount(query) === 0) return null;
  const chips: { label: string; without: ListingQuery }[] = [];
  if (query.kind === 'search' && query.department !== undefined) {
    const name = departments?.find((d) => d.id === query.department)?.name ?? 'Department';
    chips.push({ label: name, without: withChoice(query, { department: undefined }) });
  }
  for (const brand of query.brands) chips.push({ label: brand, without: toggleBrand(query, brand) });
  if (query.minPrice !== undefined || query.maxPrice !== undefined)
    chips.push({
      label: priceLabel(query.minPrice, query.maxPrice),
      without: withChoice(query, { minPrice: undefined, maxPrice: undefined }),
    });
  if (query.minRating !== undefined)
    chips.push({ label: ratingLabel(query.minRating), without: withChoice(query, { minRating: undefined }) });
  if (query.inStock) chips.push({ label: 'In stock', without: withChoice(query, { inStock: undefined }) });

  return (
    <div className={styles.active}>
      <h2 className="visually-hidden">Filters in use</h2>
      <ul role="list" className={styles.chips}>
        {chips.map((c) => (
          <li key={c.label}>
            <button type="button" className={styles.chip} onClick={() => onChoose(c.without)} aria-label={`Remove filter: ${c.label}`}>
              {c.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <ClearAll query={query} onChoose={onChoose} />
    </div>
  );
}

/** "Clear all": the same words and order, no filters. */
export function ClearAll({ query, onChoose }: { query: ListingQuery; onChoose: (next: ListingQuery) => void }) {
  if (activeFilterCount(query) === 0) return null;
  return (
    <button type="button" className={styles.clear} onClick={() => onChoose(withoutFilters(query))}>
      Clear all
    </button>
  );
}
