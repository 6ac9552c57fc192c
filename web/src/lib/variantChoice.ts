// Which of a product's variants the shopper has chosen, worked out from the product alone:
// switching sizes or colours on the product page asks the server nothing, and the same
// answer and address give the same choice on the server's render and in the browser.
import type { Product, Variant } from '../api/types.ts';

/** What the choice is made from: a product's options (in order) and the variants sold. */
export type Choosable = Pick<Product, 'options' | 'variants'>;

/** A variant's values, one per option, in the options' order. */
export function valuesOf(product: Choosable, variant: Variant): string[] {
  return product.options.map((option) => variant.options[option.name] ?? '');
}

/** The variant sold with exactly these values (one per option, in order), if any. */
export function variantWith(product: Choosable, values: readonly string[]): Variant | undefined {
  return product.variants.find((v) => product.options.every((option, i) => v.options[option.name] === values[i]));
}

/** The variants that have `value` for option `index` and the chosen values for every other option. */
function combinations(product: Choosable, chosen: readonly string[], index: number, value: string): Variant[] {
  return product.variants.filter((v) =>
    product.options.every((option, i) => v.options[option.name] === (i === index ? value : chosen[i])),
  );
}

/**
 * Whether choosing `value` for option `index`, keeping the other chosen values, leads to
 * nothing to buy: that combination has no units left, or is not sold at all.
 */
export function isSoldOut(product: Choosable, chosen: readonly string[], index: number, value: string): boolean {
  return !combinations(product, chosen, index, value).some((v) => v.stock > 0);
}

/**
 * The variant the page opens on: the address's (`?variant=ID`) when it is one of this
 * product's, else the first with units left, else the first; none for a product sold as
 * one thing. An id from another product's address is ignored, not trusted.
 */
export function initialVariant(product: Choosable, fromAddress: string | null): Variant | undefined {
  if (product.options.length === 0) return undefined;
  const id = fromAddress !== null && /^\d+$/.test(fromAddress) ? Number(fromAddress) : undefined;
  return (
    product.variants.find((v) => v.id === id) ??
    product.variants.find((v) => v.stock > 0) ??
    product.variants[0]
  );
}

/**
 * The variant to switch to when the shopper picks `value` for option `index`: the one with
 * that value and the other chosen values when it is sold (even with no units left: the page
 * then says so). When that combination is not sold, the closest one that is: the most other
 * values kept, earlier options first (the shopper usually chose those first), then one with
 * units left, then the product's order. None when no variant has that value.
 */
export function pick(product: Choosable, chosen: readonly string[], index: number, value: string): Variant | undefined {
  const next = chosen.map((v, i) => (i === index ? value : v));
  const exact = variantWith(product, next);
  if (exact) return exact;
  const name = product.options[index]?.name;
  if (name === undefined) return undefined;
  // Earlier options weigh more than all the later ones together: option i counts 2^(n-1-i).
  const n = product.options.length;
  const closeness = (v: Variant) =>
    product.options.reduce((sum, option, i) => (v.options[option.name] === next[i] ? sum + 2 ** (n - 1 - i) : sum), 0);
  let best: Variant | undefined;
  let bestScore = -1;
  for (const v of product.variants) {
    if (v.options[name] !== value) continue;
    // Closeness first, units left to break a tie; the earlier variant stays on a full tie.
    const score = closeness(v) * 2 + (v.stock > 0 ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** "Size: M · Colour: Navy", as a cart or order line names its choice. */
export function describeOptions(values: readonly { name: string; value: string }[]): string {
  return values.map((o) => `${o.name}: ${o.value}`).join(' · ');
}
