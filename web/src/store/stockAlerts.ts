import type { StateCreator } from 'zustand';
import * as api from '../api/stockAlerts.ts';
import type { StockAlert } from '../api/types.ts';
import type { Store } from './index.ts';

export interface StockAlertsSlice {
  stockAlerts: {
    /** Newest first, as the server lists them; waiting ones have `mailedAt` null. */
    list: StockAlert[];
    loaded: boolean;
  };
  listStockAlerts: () => Promise<void>;
  /**
   * Asks for a mail when the product (or its variant) is back: a new alert, or the one
   * already asked for, first in the list either way. Rejects with the server's 409 when
   * it is in stock now.
   */
  addStockAlert: (productId: number, variantId?: number) => Promise<StockAlert>;
  removeStockAlert: (alertId: number) => Promise<void>;
}

export const emptyStockAlerts = (): StockAlertsSlice['stockAlerts'] => ({ list: [], loaded: false });

export const createStockAlertsSlice: StateCreator<Store, [], [], StockAlertsSlice> = (set) => ({
  stockAlerts: emptyStockAlerts(),
  listStockAlerts: async () => {
    const list = await api.listStockAlerts();
    set({ stockAlerts: { list, loaded: true } });
  },
  addStockAlert: async (productId, variantId) => {
    const alert = await api.addStockAlert(productId, variantId);
    set((s) => ({
      stockAlerts: { ...s.stockAlerts, list: [alert, ...s.stockAlerts.list.filter((a) => a.id !== alert.id)] },
    }));
    return alert;
  },
  removeStockAlert: async (alertId) => {
    await api.removeStockAlert(alertId);
    set((s) => ({ stockAlerts: { ...s.stockAlerts, list: s.stockAlerts.list.filter((a) => a.id !== alertId) } }));
  },
});
