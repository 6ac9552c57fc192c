// Money is shown here, never computed: prices, subtotals, discounts and totals all come
// from the server, which counts them in integer cents (docs/rules.md#money).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(amount: number): string {
  return usd.format(amount);
}
