// The shipping and tax screen's rules and words: a method's form (src/domain/admin/
// checkout_inputs.rs, whose messages these repeat where a person can meet them), how a
// method and a rate read in a table, and what removing a method will do. The server has
// the last word.
import { fieldRules } from '../../../api/fieldRules.ts';
import type { AdminShippingMethod, ShippingMethodInput, TaxRateBody } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { stateName } from '../../../lib/usStates.ts';
import { put, textMessage, type Messages } from '../../../lib/validation.ts';
import { moneyMessage, parseDollars, type MoneyRule } from '../../lib/adminRules.ts';

/** A method's fields, as typed; `freeOver` empty for never free. */
export interface MethodValues {
  name: string;
  price: string;
  freeOver: string;
  days: string;
  [field: string]: string;
}

export const emptyMethod: MethodValues = { name: '', price: '', freeOver: '', days: '' };

export const PRICE_REQUIRED = 'Please give the shipping method a price ($0 for free).';

const PRICE: MoneyRule = {
  minCents: 0,
  maxCents: 1_000_000,
  notNumber: 'A shipping price is a number of dollars, such as 4.99.',
  decimals: 'A shipping price has at most two decimals.',
  outOfRange: 'A shipping price is from $0.00 to $10,000.00.',
};

/** The server names the field `freeOver`; a person reads the form's label. */
const FREE_OVER: MoneyRule = {
  minCents: 0,
  maxCents: 100_000_000,
  notNumber: '“Free over” is a number of dollars, such as 50, or empty for never free.',
  decimals: '“Free over” has at most two decimals.',
  outOfRange: '“Free over” is from $0.00 to $1,000,000.00, or empty for never free.',
};

export function methodMessages(v: MethodValues): Messages<keyof MethodValues & string> {
  const rules = fieldRules.ShippingMethodInput;
  const m: Messages<string> = {};
  put(m, 'name', textMessage(v.name, rules.name));
  put(m, 'price', v.price.trim() === '' ? PRICE_REQUIRED : moneyMessage(v.price, PRICE));
  put(m, 'freeOver', v.freeOver.trim() === '' ? undefined : moneyMessage(v.freeOver, FREE_OVER));
  put(m, 'days', textMessage(v.days, rules.days));
  return m;
}

/** A saved method's fields as its form shows them. */
export const methodValues = (method: AdminShippingMethod): MethodValues => ({
  name: method.name,
  price: method.price.toFixed(2),
  freeOver: method.freeOver == null ? '' : method.freeOver.toFixed(2),
  days: method.days,
});

/** The body of a new method (the values have passed methodMessages). */
export function methodInput(v: MethodValues, isDefault: boolean): ShippingMethodInput {
  const freeOver = v.freeOver.trim();
  return {
    name: v.name.trim(),
    price: parseDollars(v.price),
    freeOver: freeOver === '' ? null : parseDollars(freeOver),
    days: v.days.trim(),
    isDefault,
  };
}

/** Only what differs from the saved method; `freeOver: null` when it was emptied. */
export function methodChanges(saved: AdminShippingMethod, v: MethodValues): Partial<ShippingMethodInput> {
  const { isDefault: _, ...next } = methodInput(v, saved.isDefault);
  const changed: Partial<ShippingMethodInput> = {};
  if (next.name !== saved.name) changed.name = next.name;
  if (next.price !== saved.price) changed.price = next.price;
  if (next.freeOver !== (saved.freeOver ?? null)) changed.freeOver = next.freeOver;
  if (next.days !== saved.days) changed.days = next.days;
  return changed;
}

/** "Free" for $0.00, else the price. */
export const shippingPrice = (price: number): string => (price === 0 ? 'Free' : formatPrice(price));

/** "From $50.00", or "Never" for a method that is never free. */
export const freeOverLabel = (freeOver: number | null | undefined): string =>
  freeOver == null ? 'Never' : `From ${formatPrice(freeOver)}`;

/**
 * What Remove asks first: a method an order used is kept for those orders, archived (the
 * server decides by the orders it counts then; this is what the table counted).
 */
export function removeQuestion(method: AdminShippingMethod): string {
  if (method.orders === 0) return `Delete “${method.name}”? No order has used it, so it goes for good.`;
  const orders = method.orders === 1 ? '1 order used it' : `${method.orders.toLocaleString('en-US')} orders used it`;
  return `Archive “${method.name}”? ${orders}, so it is kept for them, read-only; shoppers can no longer choose it.`;
}

// ---- tax rates ----

export interface RateValues {
  region: string;
  rate: string;
  [field: string]: string;
}

export const emptyRate: RateValues = { region: '', rate: '' };

export const RATE = {
  regionRequired: 'Please choose a state.',
  required: 'Please give the rate, a percent such as 8.25 (0 for none).',
  notNumber: 'A tax rate is a number, a percent such as 8.25.',
  decimals: 'A tax rate has at most three decimals.',
  outOfRange: 'A tax rate is a percent from 0 to 25.',
} as const;

/** A percent as typed ("8.25", "8.25%"): the number, or NaN. */
export function parsePercent(text: string): number {
  const plain = text.trim().replace(/%$/, '').trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : NaN;
}

/** The rate rule, in the server's order: three decimals, then 0–25. */
export function rateMessage(text: string): string | undefined {
  if (text.trim() === '') return RATE.required;
  const percent = parsePercent(text);
  if (Number.isNaN(percent)) return RATE.notNumber;
  const milli = Math.round(percent * 1000);
  if (Math.abs(percent * 1000 - milli) > 1e-6) return RATE.decimals;
  if (milli < 0 || milli > 25_000) return RATE.outOfRange;
  return undefined;
}

export function rateMessages(v: RateValues): Messages<keyof RateValues & string> {
  const m: Messages<string> = {};
  put(m, 'region', v.region === '' ? RATE.regionRequired : undefined);
  put(m, 'rate', rateMessage(v.rate));
  return m;
}

/** "8.25%", "6.875%", "0%". */
export const rateLabel = (rate: number): string => `${Number(rate.toFixed(3))}%`;

/** "TX, Texas: 8.25%", as a state's option says it when it has a rate. */
export function stateOption(code: string, rates: readonly TaxRateBody[]): string {
  const rate = rates.find((r) => r.region === code);
  return `${code}, ${stateName(code)}${rate ? ` (now ${rateLabel(rate.rate)})` : ''}`;
}
