import type { StateCreator } from 'zustand';
import { ApiError } from '../api/client.ts';
import * as api from '../api/orders.ts';
import type { Order } from '../api/types.ts';
import { summarize } from '../lib/money.ts';
import type { Store } from './index.ts';

export interface OrdersSlice {
  orders: {
    /** Newest first, as the server lists them. */
    list: Order[];
    loaded: boolean;
  };
  loadOrders: () => Promise<void>;
  /** Orders the whole cart; the server empties it, so the store does too. */
  placeOrder: () => Promise<Order>;
}

export const emptyOrders = (): OrdersSlice['orders'] => ({ list: [], loaded: false });

export const createOrdersSlice: StateCreator<Store, [], [], OrdersSlice> = (set, get) => ({
  orders: emptyOrders(),
  loadOrders: async () => {
    const list = await api.fetchOrders();
    set({ orders: { list, loaded: true } });
  },
  placeOrder: async () => {
    const lines = get().cart.lines;
    const { total } = summarize(lines.map((l) => l.price));
    try {
      const order = await api.placeOrder(
        total,
        lines.map((l) => l.productId),
      );
      set((s) => ({
        orders: { ...s.orders, list: [order, ...s.orders.list.filter((o) => o.id !== order.id)] },
        cart: { lines: [], loaded: true },
      }));
      return order;
    } catch (error) {
      // The cart changed elsewhere (another tab, a price change): show what the server has.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400))
        await get().loadCart().catch(() => undefined);
      throw error;
    }
  },
});
