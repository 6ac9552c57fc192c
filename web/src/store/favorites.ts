import type { StateCreator } from 'zustand';
import * as api from '../api/favorites.ts';
import type { Favorite } from '../api/types.ts';
import type { Store } from './index.ts';

export interface FavoritesSlice {
  favorites: {
    /** Newest first, as the server lists them. */
    list: Favorite[];
    loaded: boolean;
    /** Products whose heart is being toggled, so a double click sends one call. */
    pending: number[];
  };
  listFavorites: () => Promise<void>;
  /** Favorites the product (with the variant chosen, if any) and puts it first (once, however often it is added). */
  addFavorite: (productId: number, variantId?: number) => Promise<Favorite>;
  removeFavorite: (favoriteId: number) => Promise<void>;
  /** The heart: removes the product's favorite when there is one, adds it (with the variant chosen, if any) otherwise. */
  toggleFavorite: (productId: number, variantId?: number) => Promise<void>;
}

export const emptyFavorites = (): FavoritesSlice['favorites'] => ({ list: [], loaded: false, pending: [] });

export const createFavoritesSlice: StateCreator<Store, [], [], FavoritesSlice> = (set, get) => {
  const setPending = (productId: number, on: boolean) =>
    set((s) => ({
      favorites: {
        ...s.favorites,
        pending: on ? [...s.favorites.pending, productId] : s.favorites.pending.filter((id) => id !== productId),
      },
    }));
  return {
    favorites: emptyFavorites(),
    listFavorites: async () => {
      const list = await api.listFavorites();
      set((s) => ({ favorites: { ...s.favorites, list, loaded: true } }));
    },
    addFavorite: async (productId, variantId) => {
      const added = await api.addFavorite(productId, variantId);
      set((s) => ({
        favorites: {
          ...s.favorites,
          list: [added, ...s.favorites.list.filter((f) => f.favoriteId !== added.favoriteId)],
        },
      }));
      return added;
    },
    removeFavorite: async (favoriteId) => {
      await api.removeFavorite(favoriteId);
      set((s) => ({
        favorites: { ...s.favorites, list: s.favorites.list.filter((f) => f.favoriteId !== favoriteId) },
      }));
    },
    toggleFavorite: async (productId, variantId) => {
      const { list, pending } = get().favorites;
      if (pending.includes(productId)) return;
      const existing = list.find((f) => f.productId === productId);
      setPending(productId, true);
      try {
        if (existing) await get().removeFavorite(existing.favoriteId);
        else await get().addFavorite(productId, variantId);
      } finally {
        setPending(productId, false);
      }
    },
  };
};
