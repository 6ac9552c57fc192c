// One store built from the spec's seven slices (section 3), and the checkout's two
// beyond it (the address book, and the shipping and payment methods with the quote: decisions §6),
// and the account's own two (its settings with its inbox, and its back-in-stock alerts);
// each slice keeps its state and the actions that change it, and every action calls
// the API through api/.
import { useSyncExternalStore } from 'react';
import { createStore as createVanillaStore, type StoreApi } from 'zustand/vanilla';
import { createAccountSlice, type AccountSlice } from './account.ts';
import { createAddressesSlice, type AddressesSlice } from './addresses.ts';
import { createCartSlice, type CartSlice } from './cart.ts';
import { createCheckoutSlice, type CheckoutSlice } from './checkout.ts';
import { createDepartmentsSlice, type DepartmentsSlice } from './departments.ts';
import { createFavoritesSlice, type FavoritesSlice } from './favorites.ts';
import { createOrdersSlice, type OrdersSlice } from './orders.ts';
import { createProductsSlice, type ProductsSlice } from './products.ts';
import { createReviewsSlice, type ReviewsSlice } from './reviews.ts';
import { createSessionSlice, type SessionSlice } from './session.ts';
import { createStockAlertsSlice, type StockAlertsSlice } from './stockAlerts.ts';

export type Store = SessionSlice &
  DepartmentsSlice &
  ProductsSlice &
  CartSlice &
  OrdersSlice &
  ReviewsSlice &
  FavoritesSlice &
  AddressesSlice &
  CheckoutSlice &
  AccountSlice &
  StockAlertsSlice;

/**
 * `api` as a hook (`useStore(selector)`) that also has the store's own functions
 * (`useStore.getState()`...): zustand's `create`, but for one thing. A render on the
 * server (src/server.tsx) reads the store as it stands, begun with the page's answers,
 * where zustand's hook reads the store as it was made, before any answer: the server
 * would draw an empty page.
 */
function bound<T>(api: StoreApi<T>) {
  const useBound = <U>(selector: (state: T) => U): U =>
    useSyncExternalStore(
      api.subscribe,
      () => selector(api.getState()),
      () => selector(api.getState()),
    );
  return Object.assign(useBound, api);
}

/** A fresh store; the app uses one, tests make their own. */
export const createStore = () =>
  bound(createVanillaStore<Store>()((...a) => ({
    ...createSessionSlice(...a),
    ...createDepartmentsSlice(...a),
    ...createProductsSlice(...a),
    ...createCartSlice(...a),
    ...createOrdersSlice(...a),
    ...createReviewsSlice(...a),
    ...createFavoritesSlice(...a),
    ...createAddressesSlice(...a),
    ...createCheckoutSlice(...a),
    ...createAccountSlice(...a),
    ...createStockAlertsSlice(...a),
  })));

export const useStore = createStore();
