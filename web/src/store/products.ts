import type { StateCreator } from 'zustand';
import * as catalog from '../api/catalog.ts';
import type { Product, Review, SearchResults, Suggestion } from '../api/types.ts';
import * as reviews from '../api/reviews.ts';
import * as search from '../api/search.ts';
import { listingApiQuery, type ListingQuery } from '../lib/listingQuery.ts';
import type { Store } from './index.ts';
import { remember } from './remember.ts';

/** How many search pages and suggestion lists the store keeps. */
const KEPT_SEARCHES = 24;
const KEPT_SUGGESTIONS = 40;

/** Where a search page is kept: `q=lamp&sort=rating`. */
export const searchKey = (query: ListingQuery) => `?${listingApiQuery(query)}`;

// Product pages fetch their product and its reviews each time they open (the server
// keeps both answers in memory, so that is cheap), which is how a review written
// elsewhere shows up here: no write in the store has to know which answers it changed.
export interface ProductsSlice {
  products: {
    /** Product pages' products, by id, as each is opened. */
    byId: Record<number, Product>;
    /** Each opened product's guest reviews, newest first. */
    reviews: Record<number, Review[]>;
    /** Search pages by searchKey, the newest few. */
    searches: Record<string, SearchResults>;
    /**
     * Suggestions by the words they answer (trimmed), the newest few: the search box shows
     * the answer for what it holds now, so a late answer to earlier words never shows.
     */
    suggestions: Record<string, Suggestion[]>;
  };
  getProduct: (productId: number) => Promise<void>;
  listProductReviews: (productId: number) => Promise<void>;
  searchProducts: (query: ListingQuery) => Promise<void>;
  listSearchSuggestions: (q: string) => Promise<void>;
}

export const createProductsSlice: StateCreator<Store, [], [], ProductsSlice> = (set) => ({
  products: { byId: {}, reviews: {}, searches: {}, suggestions: {} },
  getProduct: async (productId) => {
    const product = await catalog.getProduct(productId);
    set((s) => ({ products: { ...s.products, byId: { ...s.products.byId, [productId]: product } } }));
  },
  listProductReviews: async (productId) => {
    const list = await reviews.listProductReviews(productId);
    set((s) => ({ products: { ...s.products, reviews: { ...s.products.reviews, [productId]: list } } }));
  },
  searchProducts: async (query) => {
    const results = await search.searchProducts(query);
    set((s) => ({
      products: { ...s.products, searches: remember(s.products.searches, searchKey(query), results, KEPT_SEARCHES) },
    }));
  },
  listSearchSuggestions: async (q) => {
    const words = q.trim();
    const list = await search.listSearchSuggestions(words);
    // `?` first: words like "42" would otherwise sort before older keys (see remember).
    set((s) => ({
      products: { ...s.products, suggestions: remember(s.products.suggestions, `?${words}`, list, KEPT_SUGGESTIONS) },
    }));
  },
});

/** The suggestions kept for these words, if any. */
export const suggestionsFor = (products: ProductsSlice['products'], q: string): Suggestion[] | undefined =>
  products.suggestions[`?${q.trim()}`];
