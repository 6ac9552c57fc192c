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
  /** Favorites the product and puts it first (once, however often it is added). */
  addFavorite: (productId: number) => Promise<Favorite>;
  removeFavorite: (favoriteId: number) => Promise<void>;
  /** The heart: removes the product's favorite when there is one, adds it otherwise. */
  toggleFavorite: (productId: number) => Promise<void>;
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
    addFavorite: async (productId) => {
      const added = await api.addFavorite(productId);
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
    toggleFavorite: async (productId) => {
      const { list, pending } = get().favorites;
      if (pending.includes(productId)) return;
      const existing = list.find((f) => f.productId === productId);
      setPending(productId, true);
      try {
        if (existing) await get().removeFavorite(existing.favoriteId);
        else await get().addFavorite(productId);
      } finally {
        setPending(productId, false);
      }
    },
  };
};
