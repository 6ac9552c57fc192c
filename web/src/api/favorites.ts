import { del, get, post } from './client.ts';
import type { Deleted, Favorite, Favorites, ProductRef } from './types.ts';

export const listFavorites = () => get<Favorites>('/api/favorites').then((r) => r.Products);
export const addFavorite = (productId: number) => post<Favorite>('/api/favorites', { productId } satisfies ProductRef);
export const removeFavorite = (favoriteId: number) => del<Deleted>(`/api/favorites/${favoriteId}`);
