// Stripe.js (https://docs.stripe.com/js), the part the checkout uses to take a card in
// the deferred-intent flow: the Payment Element collects the card, the server makes the
// PaymentIntent, the browser confirms it. Stripe.js is never bundled: Stripe requires it
// be loaded from its own address, which the server names (`jsUrl`; the fake Stripe of
// tools/fake-stripe serves a stand-in). It is loaded by a <script src> (the CSP allows
// that origin, and no inline script), once per page however many checkouts ask.
//
// Typed here by hand, only what is used, with Stripe's names: a dependency on
// @stripe/stripe-js would be a package for a dozen lines of types.
import type { StripeSettings } from '../api/types.ts';

/** What Stripe answers when something did not go through: a decline is a `card_error`. */
export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** What the Payment Element tells its `change` listeners. */
export interface StripeElementChange {
  complete: boolean;
  empty: boolean;
}

export interface StripePaymentElement {
  mount(target: HTMLElement | string): void;
  on(event: 'ready', handler: () => void): StripePaymentElement;
  on(event: 'change', handler: (change: StripeElementChange) => void): StripePaymentElement;
  focus(): void;
  destroy(): void;
}

/** Stripe's Appearance API: a theme and the variables that restyle it. */
export interface StripeAppearance {
  theme?: 'stripe' | 'night' | 'flat';
  variables?: Record<string, string>;
}

/** A group of Elements in payment mode, before any PaymentIntent exists: `amount` in cents. */
export interface StripeElementsOptions {
  mode: 'payment';
  amount: number;
  currency: 'usd';
  captureMethod: 'manual';
  paymentMethodTypes: string[];
  appearance?: StripeAppearance;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
  update(options: { amount: number }): void;
  /** Checks the card's fields (a problem shows at its field too); required before confirmPayment. */
  submit(): Promise<{ error?: StripeError }>;
}

export type ConfirmResult =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: StripeError; paymentIntent?: undefined };

export interface Stripe {
  elements(options: StripeElementsOptions): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    redirect: 'if_required';
    confirmParams?: { return_url?: string };
  }): Promise<ConfirmResult>;
}

type StripeConstructor = (publishableKey: string) => Stripe;

/** What Stripe.js defines once it has run. */
const defined = () => (globalThis as { Stripe?: StripeConstructor }).Stripe;

// By address: the script's load; by address and key: the one Stripe object each.
const scripts = new Map<string, Promise<StripeConstructor>>();
const instances = new Map<string, Promise<Stripe>>();

/**
 * The Stripe object for `settings`, Stripe.js loaded from its `jsUrl` first (once). A
 * load that failed (offline, blocked) rejects, and is tried again on the next call.
 */
export function loadStripe({ jsUrl, publishableKey }: StripeSettings): Promise<Stripe> {
  const key = `${jsUrl} ${publishableKey}`;
  let instance = instances.get(key);
  if (instance === undefined) {
    instance = loadScript(jsUrl).then((Stripe) => Stripe(publishableKey));
    instances.set(key, instance);
    instance.catch(() => instances.delete(key));
  }
  return instance;
}

function loadScript(src: string): Promise<StripeConstructor> {
  let loading = scripts.get(src);
  if (loading === undefined) {
    loading = new Promise<StripeConstructor>((resolve, reject) => {
      const already = defined();
      if (already) return resolve(already);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => {
        const Stripe = defined();
        if (Stripe) resolve(Stripe);
        else reject(new Error(`${src} did not define Stripe`));
      });
      script.addEventListener('error', () => {
        // Gone, so the next try adds a fresh one.
        script.remove();
        reject(new Error(`Stripe.js could not be loaded from ${src}`));
      });
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
    loading.catch(() => scripts.delete(src));
  }
  return loading;
}

/** A total in dollars as Stripe counts it: integer cents. */
export const stripeAmount = (dollars: number): number => Math.round(dollars * 100);
