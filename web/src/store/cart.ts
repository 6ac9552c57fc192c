import type { StateCreator } from 'zustand';
import * as api from '../api/cart.ts';
import type { Cart, CartLine } from '../api/types.ts';
import type { Store } from './index.ts';

/** What the cart costs, as the server last priced it (dollars, two decimals). */
export type CartFigures = Pick<Cart, 'subtotal' | 'discount' | 'total'>;

export interface CartSlice {
  cart: { lines: CartLine[]; figures: CartFigures; loaded: boolean };
  /** The lines and the figures, both from one answer of the server. */
  getCart: () => Promise<void>;
  /**
   * Adds one of the product (quantity is always 1) and appends the server's line, then
   * asks the server for the cart again, so the figures are the server's.
   */
  addToCart: (productId: number) => Promise<CartLine>;
  /** Removes the line by cartId, then asks the server for the cart again. */
  removeFromCart: (cartId: number) => Promise<void>;
}

export const emptyCart = (): CartSlice['cart'] => ({
  lines: [],
  figures: { subtotal: 0, discount: 0, total: 0 },
  loaded: false,
});

// The client does no money arithmetic: the server prices the cart (docs/rules.md#money),
// and the checkout sends back the total it was shown so the server can tell a stale cart.
export const createCartSlice: StateCreator<Store, [], [], CartSlice> = (set, get) => {
  // Every change of the lines here counts; an answer to getCart that was asked for before
  // the latest change, or before a later getCart, would show an older cart, so it is dropped.
  let changes = 0;
  let asked = 0;
  const refresh = () => get().getCart().catch(() => undefined); // the next visit loads it again
  return {
    cart: emptyCart(),
    getCart: async () => {
      const ask = ++asked;
      const seen = changes;
      const cart = await api.getCart();
      if (ask !== asked || seen !== changes) return;
      const { Products: lines, subtotal, discount, total } = cart;
      set({ cart: { lines, figures: { subtotal, discount, total }, loaded: true } });
    },
    addToCart: async (productId) => {
      const line = await api.addToCart(productId);
      changes++;
      set((s) => ({ cart: { ...s.cart, lines: [...s.cart.lines, line] } }));
      await refresh();
      return line;
    },
    removeFromCart: async (cartId) => {
      await api.removeFromCart(cartId);
      changes++;
      set((s) => ({ cart: { ...s.cart, lines: s.cart.lines.filter((l) => l.cartId !== cartId) } }));
      await refresh();
    },
  };
};
