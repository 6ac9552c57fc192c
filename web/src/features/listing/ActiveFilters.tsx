import type { Department } from '../../api/types.ts';
import {
  activeFilterCount,
  toggleBrand,
  toggleOption,
  withChoice,
  withoutFilters,
  type ListingQuery,
} from '../../lib/listingQuery.ts';
import { optionLabel, priceLabel, ratingLabel } from './labels.ts';
import styles from './listing.module.css';

interface Props {
  query: ListingQuery;
  departments?: Department[];
  onChoose: (next: ListingQuery) => void;
}

/** The filters in force, each removable on its own, and "Clear all". Nothing when none are. */
export function ActiveFilters({ query, departments, onChoose }: Props) {
  if (activeFilterCount(query) === 0) return null;
  // Keyed by kind as well as label: a brand may be named like an option value ("Size: M").
  const chips: { key: string; label: string; without: ListingQuery }[] = [];
  if (query.kind === 'search' && query.department !== undefined) {
    const name = departments?.find((d) => d.id === query.department)?.name ?? 'Department';
    chips.push({ key: 'department', label: name, without: withChoice(query, { department: undefined }) });
  }
  for (const brand of query.brands) chips.push({ key: `brand:${brand}`, label: brand, without: toggleBrand(query, brand) });
  for (const [name, value] of query.options)
    chips.push({
      key: `option:${name}:${value}`,
      label: optionLabel(name, value),
      without: toggleOption(query, name, value),
    });
  if (query.minPrice !== undefined || query.maxPrice !== undefined)
    chips.push({
      key: 'price',
      label: priceLabel(query.minPrice, query.maxPrice),
      without: withChoice(query, { minPrice: undefined, maxPrice: undefined }),
    });
  if (query.minRating !== undefined)
    chips.push({ key: 'rating', label: ratingLabel(query.minRating), without: withChoice(query, { minRating: undefined }) });
  if (query.inStock) chips.push({ key: 'inStock', label: 'In stock', without: withChoice(query, { inStock: undefined }) });

  return (
    <div className={styles.active}>
      <h2 className="visually-hidden">Filters in use</h2>
      <ul role="list" className={styles.chips}>
        {chips.map((c) => (
          <li key={c.key}>
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
