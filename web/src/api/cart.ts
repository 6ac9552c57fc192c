import { del, get, post } from './client.ts';
import type { Cart, CartLine, Deleted } from './types.ts';

export const fetchCart = () => get<Cart>('/api/cart');
export const addCartLine = (productId: number) => post<CartLine>('/api/cart', { productId });
export const removeCartLine = (cartId: number) => del<Deleted>(`/api/cart/${cartId}`);
