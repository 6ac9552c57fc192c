import { del, get, post } from './client.ts';
import type { Deleted, Favorite } from './types.ts';

export const listFavorites = () => get<{ Products: Favorite[] }>('/api/favorites').then((r) => r.Products);
export const addFavorite = (productId: number) => post<Favorite>('/api/favorites', { productId });
export const removeFavorite = (favoriteId: number) => del<Deleted>(`/api/favorites/${favoriteId}`);
