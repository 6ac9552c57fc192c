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
   * Adds one of the product (quantity is always 1), then shows the cart as the server
   * has it now: the new line and the new figures together. A product with options is
   * added as the variant chosen on its page.
   */
  addToCart: (productId: number, variantId?: number) => Promise<CartLine>;
  /** Removes the line by cartId, then shows the server's cart, lines and figures together. */
  removeFromCart: (cartId: number) => Promise<void>;
  /**
   * Shows the cart empty, as the server left it once an order took its lines. A read of
   * the cart asked before and answered after would show the lines ordered: its answer
   * is dropped.
   */
  clearCart: () => void;
}

export const emptyCart = (): CartSlice['cart'] => ({
  lines: [],
  figures: { subtotal: 0, discount: 0, total: 0 },
  loaded: false,
});

/** The cart as the store keeps the server's answer. */
export const fromServer = ({ Products: lines, subtotal, discount, total }: Cart): CartSlice['cart'] => ({
  lines,
  figures: { subtotal, discount, total },
  loaded: true,
});

// The client does no money arithmetic: the server prices the cart (docs/rules.md#money),
// and the checkout sends back the total it was shown so the server can tell a stale cart.
// Lines and figures change together, so the summary never counts one cart and prices
// another.
export const createCartSlice: StateCreator<Store, [], [], CartSlice> = (set) => {
  // Only the answer to the latest request for the cart is shown: an earlier one, asked
  // before a later change, would show an older cart.
  let asked = 0;
  /** The server's cart after a change; if it cannot be had, the change alone (the
   * figures then wait for the next visit, and a checkout in between gets a 409 that
   * reloads them). */
  const settle = async (change: (lines: CartLine[]) => CartLine[]) => {
    const ask = ++asked;
    try {
      const cart = await api.getCart();
      if (ask === asked) set({ cart: fromServer(cart) });
    } catch {
      set((s) => ({ cart: { ...s.cart, lines: change(s.cart.lines) } }));
    }
  };
  return {
    cart: emptyCart(),
    getCart: async () => {
      const ask = ++asked;
      const cart = await api.getCart();
      if (ask === asked) set({ cart: fromServer(cart) });
    },
    addToCart: async (productId, variantId) => {
      const line = await api.addToCart(productId, variantId);
      await settle((lines) => [...lines, line]);
      return line;
    },
    removeFromCart: async (cartId) => {
      await api.removeFromCart(cartId);
      await settle((lines) => lines.filter((l) => l.cartId !== cartId));
    },
    clearCart: () => {
      asked++;
      set({ cart: { ...emptyCart(), loaded: true } });
    },
  };
};
