import type { StateCreator } from 'zustand';
import { ApiError } from '../api/client.ts';
import * as api from '../api/orders.ts';
import { createStripeIntent } from '../api/payments.ts';
import type { CheckoutQuote, Order, PaymentInput, StripeIntent } from '../api/types.ts';
import { newIdempotencyKey } from '../lib/idempotencyKey.ts';
import type { Store } from './index.ts';

export interface OrdersSlice {
  orders: {
    /** Newest first, as the server lists them. */
    list: Order[];
    loaded: boolean;
  };
  listOrders: () => Promise<void>;
  /**
   * Orders the whole cart, sending back the total the server priced it at and its
   * products, so the server can tell that the cart changed since (409). With the
   * checkout's `quote`, the total is the quote's and the order names the quote's
   * address, shipping method and promotion code; without one, the cart's total and no
   * choice (the spec's `{total, products}`). `payment` is how it is paid: a card with
   * its details, sent with this order only; the RedCard (or none) sends nothing, as the
   * spec's order. The server empties the cart, so the store does too. A declined card
   * (402) changes nothing: the cart stays as it is. A card paid through Stripe names the
   * PaymentIntent the browser confirmed (`paymentIntentId`) instead of its details.
   */
  placeOrder: (quote?: CheckoutQuote | null, payment?: PaymentInput) => Promise<Order>;
  /**
   * A Stripe PaymentIntent for the order `placeOrder(quote, {method: 'card'})` would
   * place (the same body), whose card the browser then confirms. Its refusals are the
   * order's: a stale cart (409) or an empty one (400) reloads the cart, and rethrows.
   */
  createStripeIntent: (quote?: CheckoutQuote | null) => Promise<StripeIntent>;
}

export const emptyOrders = (): OrdersSlice['orders'] => ({ list: [], loaded: false });

export const createOrdersSlice: StateCreator<Store, [], [], OrdersSlice> = (set, get) => {
  // One Idempotency-Key per checkout attempt. An attempt that got no answer (the network
  // failed) keeps its key, so trying the same order again cannot place it twice; once the
  // server has answered, whatever it said, the next attempt is a new one.
  let unanswered: { key: string; order: string } | undefined;

  /** The whole cart as an order sends it: the quote's total and choices, or the cart's total and none. */
  const orderOf = (quote: CheckoutQuote | null | undefined, payment: PaymentInput | undefined) => {
    const { lines, figures } = get().cart;
    return {
      total: quote ? quote.total : figures.total,
      productIds: lines.map((l) => l.productId),
      choice: api.given({
        ...(quote && {
          addressId: quote.addressId,
          shippingMethodId: quote.shippingMethod.id,
          promotionCode: quote.promotionCode,
        }),
        payment,
      }),
    };
  };

  /**
   * After a refusal: the cart changed elsewhere (another tab, a price change), or is
   * empty, or the code can no longer be used (409 or 400, nothing ordered): the lines and
   * figures the server has now are loaded, to be shown.
   */
  const reloadAfter = async (error: unknown) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 400))
      await get().getCart().catch(() => undefined);
  };

  return {
    orders: emptyOrders(),
    listOrders: async () => {
      const list = await api.listOrders();
      set({ orders: { list, loaded: true } });
    },
    placeOrder: async (quote, payment) => {
      const { total, productIds, choice } = orderOf(quote, payment);
      // The same attempt is the same order: the same total, lines and choices, and the
      // same way to pay, as the server tells them apart (a card corrected after no
      // answer is the same attempt; its number is kept nowhere).
      const { payment: paidBy, ...chosen } = choice;
      const fingerprint = JSON.stringify([total, productIds, chosen, paidBy?.method ?? null]);
      const key = unanswered?.order === fingerprint ? unanswered.key : newIdempotencyKey();
      unanswered = { key, order: fingerprint };
      try {
        const order = await api.placeOrder(total, productIds, key, choice);
        unanswered = undefined;
        get().clearCart();
        set((s) => ({
          orders: { ...s.orders, list: [order, ...s.orders.list.filter((o) => o.id !== order.id)] },
          checkout: { ...s.checkout, quote: null, quoteCarried: false },
        }));
        return order;
      } catch (error) {
        if (error instanceof ApiError) unanswered = undefined;
        await reloadAfter(error);
        throw error;
      }
    },
    createStripeIntent: async (quote) => {
      const { total, productIds, choice } = orderOf(quote, { method: 'card' });
      try {
        return await createStripeIntent(total, productIds, choice);
      } catch (error) {
        await reloadAfter(error);
        throw error;
      }
    },
  };
};
