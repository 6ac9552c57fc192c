import { del, get, post } from './client.ts';
import type { Cart, CartInput, CartLine, Deleted } from './types.ts';

export const getCart = () => get<Cart>('/api/cart');
/** A product with options names the variant chosen; one sold as one thing must send none. */
export const addToCart = (productId: number, variantId?: number) =>
  post<CartLine>('/api/cart', (variantId === undefined ? { productId } : { productId, variantId }) satisfies CartInput);
export const removeFromCart = (cartId: number) => del<Deleted>(`/api/cart/${cartId}`);
