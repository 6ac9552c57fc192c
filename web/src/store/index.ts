// One store built from the spec's seven slices (section 3); each slice keeps its state
// and the actions that change it, and every action calls the API through api/.
import { create } from 'zustand';
import { createCartSlice, type CartSlice } from './cart.ts';
import { createDepartmentsSlice, type DepartmentsSlice } from './departments.ts';
import { createFavoritesSlice, type FavoritesSlice } from './favorites.ts';
import { createOrdersSlice, type OrdersSlice } from './orders.ts';
import { createProductsSlice, type ProductsSlice } from './products.ts';
import { createReviewsSlice, type ReviewsSlice } from './reviews.ts';
import { createSessionSlice, type SessionSlice } from './session.ts';

export type Store = SessionSlice &
  DepartmentsSlice &
  ProductsSlice &
  CartSlice &
  OrdersSlice &
  ReviewsSlice &
  FavoritesSlice;

/** A fresh store; the app uses one, tests make their own. */
export const createStore = () =>
  create<Store>()((...a) => ({
    ...createSessionSlice(...a),
    ...createDepartmentsSlice(...a),
    ...createProductsSlice(...a),
    ...createCartSlice(...a),
    ...createOrdersSlice(...a),
    ...createReviewsSlice(...a),
    ...createFavoritesSlice(...a),
  }));

export const useStore = createStore();
