import type { StateCreator } from 'zustand';
import * as api from '../api/cart.ts';
import type { CartLine } from '../api/types.ts';
import type { Store } from './index.ts';

export interface CartSlice {
  cart: { lines: CartLine[]; loaded: boolean };
  getCart: () => Promise<void>;
  /** Adds one of the product (quantity is always 1) and appends the server's line. */
  addToCart: (productId: number) => Promise<CartLine>;
  removeFromCart: (cartId: number) => Promise<void>;
}

export const emptyCart = (): CartSlice['cart'] => ({ lines: [], loaded: false });

export const createCartSlice: StateCreator<Store, [], [], CartSlice> = (set) => ({
  cart: emptyCart(),
  getCart: async () => {
    const cart = await api.getCart();
    set({ cart: { lines: cart.Products, loaded: true } });
  },
  addToCart: async (productId) => {
    const line = await api.addToCart(productId);
    set((s) => ({ cart: { ...s.cart, lines: [...s.cart.lines, line] } }));
    return line;
  },
  removeFromCart: async (cartId) => {
    await api.removeFromCart(cartId);
    set((s) => ({ cart: { ...s.cart, lines: s.cart.lines.filter((l) => l.cartId !== cartId) } }));
  },
});
