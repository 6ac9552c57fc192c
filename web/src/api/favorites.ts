import { del, get, post } from './client.ts';
import type { Deleted, Favorite, FavoriteInput, Favorites } from './types.ts';

export const listFavorites = () => get<Favorites>('/api/favorites').then((r) => r.Products);
/** Favorites the product, keeping the variant chosen on its page, if any. */
export const addFavorite = (productId: number, variantId?: number) =>
  post<Favorite>('/api/favorites', (variantId === undefined ? { productId } : { productId, variantId }) satisfies FavoriteInput);
export const removeFavorite = (favoriteId: number) => del<Deleted>(`/api/favorites/${favoriteId}`);
