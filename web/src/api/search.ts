import { listingApiQuery, type ListingQuery } from '../lib/listingQuery.ts';
import { get } from './client.ts';
import type { SearchResults, Suggestion, Suggestions } from './types.ts';

export const searchProducts = (query: ListingQuery) => get<SearchResults>(`/api/search?${listingApiQuery(query)}`);

export const listSearchSuggestions = (q: string): Promise<Suggestion[]> =>
  get<Suggestions>(`/api/search/suggestions?${new URLSearchParams({ q }).toString()}`).then((r) => r.Suggestions);
