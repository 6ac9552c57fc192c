import { formatPriceShort } from '../../lib/money.ts';
import type { Sort } from '../../lib/listingQuery.ts';

export const sortLabels: Record<Sort, string> = {
  relevance: 'Relevance',
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
  newest: 'Newest',
};

/**
 * A price range as a store says it: the server's bands end a cent below the next one
 * (0–24.99, 25–49.99, …, 200 and up), shown as "Under $25", "$25 to $50", "$200 & above".
 * Any other range from an address is shown as it is ("Up to $30", "$10 to $30").
 */
export function priceLabel(min: number | undefined, max: number | undefined): string {
  const low = min ?? 0;
  if (max === undefined) return `${formatPriceShort(low)} & above`;
  // Only the label rounds: a band's last cent (24.99) reads as the next band's first dollar.
  const bandEnd = Math.round(max * 100) % 100 === 99;
  const high = formatPriceShort(bandEnd ? Math.ceil(max) : max);
  if (low === 0) return bandEnd ? `Under ${high}` : `Up to ${high}`;
  return `${formatPriceShort(low)} to ${high}`;
}

/** "4 stars & up", "1 star & up". */
export const ratingLabel = (min: number) => `${min} ${min === 1 ? 'star' : 'stars'} & up`;

/** An option value ticked, as its filter chip says it: "Size: M". */
export const optionLabel = (name: string, value: string) => `${name}: ${value}`;
