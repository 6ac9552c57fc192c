import { del, get, post } from './client.ts';
import type { Cart, CartLine, Deleted, ProductRef } from './types.ts';

export const getCart = () => get<Cart>('/api/cart');
export const addToCart = (productId: number) => post<CartLine>('/api/cart', { productId } satisfies ProductRef);
export const removeFromCart = (cartId: number) => del<Deleted>(`/api/cart/${cartId}`);
