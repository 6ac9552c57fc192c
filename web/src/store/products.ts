import type { StateCreator } from 'zustand';
import * as catalog from '../api/catalog.ts';
import * as reviews from '../api/reviews.ts';
import type { Product, Review } from '../api/types.ts';
import type { Store } from './index.ts';

// Product pages fetch their product and its reviews each time they open (the server
// keeps both answers in memory, so that is cheap), which is how a review written
// elsewhere shows up here: no write in the store has to know which answers it changed.
export interface ProductsSlice {
  products: {
    /** Product pages' products, by id, as each is opened. */
    byId: Record<number, Product>;
    /** Each opened product's guest reviews, newest first. */
    reviews: Record<number, Review[]>;
  };
  getProduct: (productId: number) => Promise<void>;
  listProductReviews: (productId: number) => Promise<void>;
}

export const createProductsSlice: StateCreator<Store, [], [], ProductsSlice> = (set) => ({
  products: { byId: {}, reviews: {} },
  getProduct: async (productId) => {
    const product = await catalog.getProduct(productId);
    set((s) => ({ products: { ...s.products, byId: { ...s.products.byId, [productId]: product } } }));
  },
  listProductReviews: async (productId) => {
    const list = await reviews.listProductReviews(productId);
    set((s) => ({ products: { ...s.products, reviews: { ...s.products.reviews, [productId]: list } } }));
  },
});
