import type { StateCreator } from 'zustand';
import * as catalog from '../api/catalog.ts';
import * as reviewsApi from '../api/reviews.ts';
import type { Product, Review } from '../api/types.ts';
import type { Store } from './index.ts';

export interface ProductsSlice {
  products: {
    /** Product pages' products, by id, as each is opened. */
    byId: Record<number, Product>;
    /** Each opened product's guest reviews, newest first. */
    reviews: Record<number, Review[]>;
  };
  getProduct: (productId: number) => Promise<void>;
  listProductReviews: (productId: number) => Promise<void>;
  /** Fetches a product and its reviews again if they were loaded (after a review write). */
  refreshProduct: (productId: number) => void;
}

export const createProductsSlice: StateCreator<Store, [], [], ProductsSlice> = (set, get) => ({
  products: { byId: {}, reviews: {} },
  getProduct: async (productId) => {
    const product = await catalog.getProduct(productId);
    set((s) => ({ products: { ...s.products, byId: { ...s.products.byId, [productId]: product } } }));
  },
  listProductReviews: async (productId) => {
    const reviews = await reviewsApi.listProductReviews(productId);
    set((s) => ({ products: { ...s.products, reviews: { ...s.products.reviews, [productId]: reviews } } }));
  },
  refreshProduct: (productId) => {
    const { byId, reviews } = get().products;
    if (byId[productId]) get().getProduct(productId).catch(() => undefined);
    if (reviews[productId]) get().listProductReviews(productId).catch(() => undefined);
    // Department shelves show ratings too.
    const departmentId = byId[productId]?.departmentId;
    if (departmentId !== undefined && get().departments.byId[departmentId])
      get().listDepartmentProducts(departmentId).catch(() => undefined);
  },
});
