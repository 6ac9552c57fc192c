import type { StateCreator } from 'zustand';
import * as api from '../api/checkout.ts';
import type { CheckoutQuote, PaymentMethod, QuoteInput, ShippingMethod } from '../api/types.ts';
import type { Store } from './index.ts';

export interface CheckoutSlice {
  checkout: {
    /** The shipping methods a shopper may choose, the default first. */
    methods: ShippingMethod[];
    methodsLoaded: boolean;
    /** The ways a shopper may pay, the RedCard (the default) first; a card taken through Stripe names its settings. */
    paymentMethods: PaymentMethod[];
    paymentMethodsLoaded: boolean;
    /** The cart as the server last priced it under the shopper's choices; `null` before any quote. */
    quote: CheckoutQuote | null;
    /**
     * The quote came with the page, for no choice (the server drew the checkout from it,
     * src/storefront/checkout.rs): the checkout's first quote is that one, not asked again.
     */
    quoteCarried: boolean;
  };
  listShippingMethods: () => Promise<void>;
  listPaymentMethods: () => Promise<void>;
  /**
   * Prices the cart for an address, a method, a code and a way to pay (each optional). The answer is
   * kept unless the answer to a later quote has been kept already; it is answered either way. A
   * refused code rejects with the server's ApiError (400), and the last quote stays.
   */
  quoteCheckout: (choice: QuoteInput) => Promise<CheckoutQuote>;
}

export const emptyCheckout = (): CheckoutSlice['checkout'] => ({
  methods: [],
  methodsLoaded: false,
  paymentMethods: [],
  paymentMethodsLoaded: false,
  quote: null,
  quoteCarried: false,
});

// The client does no money arithmetic: every figure the checkout shows is the quote's
// (docs/rules.md#money), and the order sends back the quote's total.
export const createCheckoutSlice: StateCreator<Store, [], [], CheckoutSlice> = (set) => {
  // Quotes are numbered as they are asked for; an answer is shown unless a later one has
  // been shown already (a later quote that failed does not hide an earlier one's answer).
  let asked = 0;
  let shown = 0;
  return {
    checkout: emptyCheckout(),
    listShippingMethods: async () => {
      const methods = await api.listShippingMethods();
      set((s) => ({ checkout: { ...s.checkout, methods, methodsLoaded: true } }));
    },
    listPaymentMethods: async () => {
      const paymentMethods = await api.listPaymentMethods();
      set((s) => ({ checkout: { ...s.checkout, paymentMethods, paymentMethodsLoaded: true } }));
    },
    quoteCheckout: async (choice) => {
      const ask = ++asked;
      const quote = await api.quoteCheckout(choice);
      if (ask > shown) {
        shown = ask;
        set((s) => ({ checkout: { ...s.checkout, quote, quoteCarried: false } }));
      }
      return quote;
    },
  };
};
