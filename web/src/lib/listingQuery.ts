// What a product listing shows (the search page and the department page): the words,
// the filters, the order and the page. All of it lives in the address, so a link opens
// the same listing and Back and Forward step through the shopper's choices; this module
// is the one place that reads it from an address, writes it back, and builds the API's
// query string from it.
//
//   /search?q=lamp&department=9&brand=Lumen&brand=Oakly&option=Size:M&option=Colour:Navy&minPrice=25&maxPrice=49.99&minRating=4&inStock=true&sort=price-asc&page=3
//
// Reading drops what the server would refuse (an unknown sort, a page of 0, a price of
// "abc"), so a mistyped link opens the nearest sensible listing instead of an error.
// Writing leaves out whatever equals its default, so each listing has one address.

import type { operations } from '../api/types.ts';

export type ListingKind = 'search' | 'department';

export const sorts = ['relevance', 'featured', 'price-asc', 'price-desc', 'rating', 'newest'] as const;
export type Sort = (typeof sorts)[number];

// The orders are the server's, word for word: this fails to compile when they part.
type ServerSort = NonNullable<operations['searchProducts']['parameters']['query']['sort']>;
const sameSorts: [ServerSort] extends [Sort] ? ([Sort] extends [ServerSort] ? true : never) : never = true;
void sameSorts;

/**
 * One option value ticked: `['Size', 'M']`, `option=Size:M` in the address. The name ends at
 * the first ':' (a name has none); the value may hold more (`Ratio:16:9` is Ratio, 16:9).
 */
export type OptionChoice = [name: string, value: string];

export interface ListingQuery {
  kind: ListingKind;
  /** The search words, trimmed; '' on a department page. */
  q: string;
  /** Search only: the department the search is narrowed to. */
  department?: number;
  /** Any of these brands (OR), in the order they were ticked. */
  brands: string[];
  /**
   * Option values, in the order they were ticked: any of one option's values (OR), and
   * one of them for every option named (AND): Size M or L, in Navy.
   */
  options: OptionChoice[];
  /** Dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Products whose average rating is at least this (0 < minRating ≤ 5). */
  minRating?: number;
  /** Only products with units left. */
  inStock?: true;
  sort: Sort;
  /** From 1. */
  page: number;
}

/** The longest search the server takes (characters, after trimming). */
export const MAX_QUERY_LENGTH = 100;
/** The most brands, and the longest brand, a listing may ask for. */
export const MAX_BRANDS = 20;
const MAX_BRAND_LENGTH = 100;
/** The most option values a listing may ask for, and the longest name or value (characters). */
export const MAX_OPTIONS = 20;
const MAX_OPTION_TEXT = 40;

/** The orders a listing offers: relevance only for a search. */
export const sortsFor = (kind: ListingKind): readonly Sort[] =>
  kind === 'search' ? sorts : sorts.filter((s) => s !== 'relevance');

export const defaultSort = (kind: ListingKind): Sort => (kind === 'search' ? 'relevance' : 'featured');

/** A listing with no filters, in its default order, on page 1. */
export const emptyListing = (kind: ListingKind, q = ''): ListingQuery => ({
  kind,
  q: kind === 'search' ? cleanWords(q) : '',
  brands: [],
  options: [],
  sort: defaultSort(kind),
  page: 1,
});

/** The search words as the server takes them: trimmed, at most 100 characters. */
export function cleanWords(q: string): string {
  return Array.from(q.trim()).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

const positiveInt = /^[1-9]\d{0,8}$/;
const dollars = /^\d{1,9}(\.\d{1,2})?$/;
const rating = /^\d(\.\d{1,2})?$/;

/** Reads a listing from an address's query string (`?a=1&b=2`, with or without the `?`). */
export function parseListing(kind: ListingKind, search: string | URLSearchParams): ListingQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const one = (name: string) => params.get(name) ?? '';
  const query = emptyListing(kind, kind === 'search' ? one('q') : '');

  if (kind === 'search' && positiveInt.test(one('department'))) query.department = Number(one('department'));

  for (const raw of params.getAll('brand')) {
    const brand = raw.trim();
    if (brand === '' || brand.length > MAX_BRAND_LENGTH || query.brands.includes(brand)) continue;
    if (query.brands.length < MAX_BRANDS) query.brands.push(brand);
  }

  for (const raw of params.getAll('option')) {
    const choice = parseOption(raw);
    if (choice === undefined || hasOption(query, choice[0], choice[1])) continue;
    if (query.options.length < MAX_OPTIONS) query.options.push(choice);
  }

  const minPrice = dollars.test(one('minPrice')) ? Number(one('minPrice')) : undefined;
  const maxPrice = dollars.test(one('maxPrice')) ? Number(one('maxPrice')) : undefined;
  // A range that holds nothing is a mistake, not a wish: the server would refuse it.
  if (!(minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)) {
    if (minPrice !== undefined && minPrice > 0) query.minPrice = minPrice;
    if (maxPrice !== undefined) query.maxPrice = maxPrice;
  }

  const minRating = rating.test(one('minRating')) ? Number(one('minRating')) : 0;
  if (minRating > 0 && minRating <= 5) query.minRating = minRating;

  if (one('inStock') === 'true') query.inStock = true;

  const sort = sortsFor(kind).find((s) => s === one('sort'));
  if (sort) query.sort = sort;

  if (positiveInt.test(one('page'))) query.page = Number(one('page'));
  return query;
}

/** An option's name or value as the server takes it: 1 to 40 characters, no NUL. */
const optionText = (text: string) => text !== '' && Array.from(text).length <= MAX_OPTION_TEXT && !text.includes('\0');

/** `Size:M` as `['Size', 'M']` (each trimmed, as the server reads it); undefined for what it would refuse. */
export function parseOption(raw: string): OptionChoice | undefined {
  const colon = raw.indexOf(':');
  if (colon < 0) return undefined;
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).trim();
  return optionText(name) && optionText(value) ? [name, value] : undefined;
}

/** Whether this value of this option is ticked. */
export const hasOption = (query: ListingQuery, name: string, value: string): boolean =>
  query.options.some(([n, v]) => n === name && v === value);

/**
 * The query string, with each ':' left as it is (`option=Size:M`, not `option=Size%3AM`):
 * a query may hold a ':' as such, and both spellings read back the same.
 */
const queryString = (params: URLSearchParams) => params.toString().replace(/%3A/gi, ':');

/** The query's parameters in a fixed order, defaults left out; `limit` is for the API only. */
function params(query: ListingQuery, limit?: number): URLSearchParams {
  const out = new URLSearchParams();
  if (query.kind === 'search') {
    if (query.q !== '') out.set('q', query.q);
    if (query.department !== undefined) out.set('department', String(query.department));
  }
  for (const brand of query.brands) out.append('brand', brand);
  for (const [name, value] of query.options) out.append('option', `${name}:${value}`);
  if (query.minPrice !== undefined && query.minPrice > 0) out.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) out.set('maxPrice', String(query.maxPrice));
  if (query.minRating !== undefined && query.minRating > 0) out.set('minRating', String(query.minRating));
  if (query.inStock) out.set('inStock', 'true');
  if (query.sort !== defaultSort(query.kind)) out.set('sort', query.sort);
  if (query.page > 1) out.set('page', String(query.page));
  if (limit !== undefined) out.set('limit', String(limit));
  return out;
}

/** The address's query string for a listing: `?brand=Sony&page=2`, or '' for the plain listing. */
export function listingSearch(query: ListingQuery): string {
  const text = queryString(params(query));
  return text === '' ? '' : `?${text}`;
}

/** The API's query string for a listing (no `?`): the same parameters, and `limit` when given. */
export function listingApiQuery(query: ListingQuery, limit?: number): string {
  return queryString(params(query, limit));
}

/** The filters that narrow a listing (not the words, the order or the page). */
export type ListingFilters = Pick<ListingQuery, 'department' | 'brands' | 'options' | 'minPrice' | 'maxPrice' | 'minRating' | 'inStock'>;

/** A new choice of filters or order starts again from page 1. */
export function withChoice(query: ListingQuery, change: Partial<ListingFilters & Pick<ListingQuery, 'sort'>>): ListingQuery {
  const next: ListingQuery = { ...query, ...change, page: 1 };
  // A filter set to undefined is no filter: leave no key behind, so equal listings compare equal.
  for (const key of ['department', 'minPrice', 'maxPrice', 'minRating', 'inStock'] as const)
    if (next[key] === undefined) delete next[key];
  return next;
}

export const withPage = (query: ListingQuery, page: number): ListingQuery => ({ ...query, page });

/** Ticks or unticks one brand (a 21st brand is not ticked: the server takes 20). */
export function toggleBrand(query: ListingQuery, brand: string): ListingQuery {
  if (query.brands.includes(brand)) return withChoice(query, { brands: query.brands.filter((b) => b !== brand) });
  if (query.brands.length >= MAX_BRANDS) return query;
  return withChoice(query, { brands: [...query.brands, brand] });
}

/** Ticks or unticks one value of an option (a 21st is not ticked: the server takes 20). */
export function toggleOption(query: ListingQuery, name: string, value: string): ListingQuery {
  if (hasOption(query, name, value))
    return withChoice(query, { options: query.options.filter(([n, v]) => !(n === name && v === value)) });
  if (query.options.length >= MAX_OPTIONS) return query;
  return withChoice(query, { options: [...query.options, [name, value]] });
}

/** The same words and order with no filters, on page 1. */
export const withoutFilters = (query: ListingQuery): ListingQuery => ({
  ...emptyListing(query.kind, query.q),
  sort: query.sort,
});

/** How many filters narrow the listing: each brand, each option value, the price range, the rating, in stock, the department. */
export function activeFilterCount(query: ListingQuery): number {
  return (
    query.brands.length +
    query.options.length +
    (query.minPrice !== undefined || query.maxPrice !== undefined ? 1 : 0) +
    (query.minRating !== undefined ? 1 : 0) +
    (query.inStock ? 1 : 0) +
    (query.kind === 'search' && query.department !== undefined ? 1 : 0)
  );
}
