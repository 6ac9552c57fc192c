import { useMemo } from 'react';
import { summarize } from '../../lib/money.ts';
import { useStore } from '../../store/index.ts';

/** Subtotal, discount and total of the cart as it stands, for the summary panels. */
export function useCartFigures() {
  const lines = useStore((s) => s.cart.lines);
  return useMemo(() => ({ figures: summarize(lines.map((l) => l.price)), itemCount: lines.length }), [lines]);
}
