// Money is counted in integer cents, as the server counts it: prices arrive as numbers
// with at most two decimals, and the checkout's discount must round exactly as the
// server's does, or the server refuses the order as stale (409).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(amount: number): string {
  return usd.format(amount);
}

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** The RedCard 5% discount of an amount in cents, rounded half up to the cent. */
export const fivePercent = (cents: number): number => Math.floor((cents * 5 + 50) / 100);

export interface OrderSummary {
  subtotal: number;
  discount: number;
  total: number;
}

/** Subtotal, RedCard discount and total (in dollars) of a list of prices. */
export function summarize(prices: readonly number[]): OrderSummary {
  const subtotal = prices.reduce((sum, price) => sum + toCents(price), 0);
  const discount = fivePercent(subtotal);
  return { subtotal: fromCents(subtotal), discount: fromCents(discount), total: fromCents(subtotal - discount) };
}
