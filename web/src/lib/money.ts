// Money is shown here, never computed: prices, subtotals, discounts and totals all come
// from the server, which counts them in integer cents (docs/rules.md#money).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(amount: number): string {
  return usd.format(amount);
}

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A price band's edge: "$25" for whole dollars, "$49.50" otherwise. */
export function formatPriceShort(amount: number): string {
  return Number.isInteger(amount) ? usdWhole.format(amount) : usd.format(amount);
}
