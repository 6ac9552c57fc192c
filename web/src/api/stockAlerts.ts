import { del, get, post } from './client.ts';
import type { Deleted, Message } from './types.ts';

// Until make api-types generates them
/** A shopper's ask to be mailed when a sold-out product (or one variant of it) is back. */
export interface StockAlert {
  id: number;
  productId: number;
  departmentId: number;
  /** The variant asked for, or `null` for a product sold as one thing. */
  variantId: number | null;
  name: string;
  previewImage: string;
  /** The variant's values, in the product's options' order; empty without a variant. */
  options: { name: string; value: string }[];
  createdAt: string;
  /** When the back-in-stock mail was written; `null` while the alert waits. */
  mailedAt: string | null;
}

// Until make api-types generates them
export interface StockAlerts {
  /** Newest first. */
  alerts: StockAlert[];
}

// Until make api-types generates them
export interface StockAlertInput {
  productId: number;
  variantId?: number;
}

// Until make api-types generates them
/** The token of a back-in-stock mail's unsubscribe link. */
export interface StockAlertUnsubscribe {
  token: string;
}

/** The shopper's alerts, newest first; waiting ones have `mailedAt` null. */
export const listStockAlerts = () => get<StockAlerts>('/api/stock-alerts').then((r) => r.alerts);

/**
 * Asks for a mail when the product (with a variant: that variant) is back in stock:
 * 201 for a new alert, 200 with the one already asked for; 409 when it is in stock now.
 */
export const addStockAlert = (productId: number, variantId?: number) =>
  post<StockAlert>(
    '/api/stock-alerts',
    (variantId === undefined ? { productId } : { productId, variantId }) satisfies StockAlertInput,
  );

export const removeStockAlert = (alertId: number) => del<Deleted>(`/api/stock-alerts/${alertId}`);

/** Ends every waiting alert of the account the mail's link names; signed in or not. */
export const unsubscribeStockAlerts = (token: string) =>
  post<Message>('/api/stock-alerts/unsubscribe', { token } satisfies StockAlertUnsubscribe);
