import { del, get, post } from './client.ts';
import type { Deleted, Message, StockAlert, StockAlertInput, StockAlerts, StockAlertUnsubscribe } from './types.ts';

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
