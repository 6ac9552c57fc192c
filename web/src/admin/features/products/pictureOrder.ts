// A product's pictures in order: the first is the one shoppers see in lists (its preview).

/** At most this many pictures per product (the server answers 409 past it). */
export const MAX_PICTURES = 12;

/**
 * The list with the item at `index` moved one place earlier (`by` -1) or later (+1), as a
 * new array; the same items in the same order when the move would leave the list.
 */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const copy = [...items];
  const to = index + by;
  if (index < 0 || index >= copy.length || to < 0 || to >= copy.length) return copy;
  [copy[index], copy[to]] = [copy[to] as T, copy[index] as T];
  return copy;
}
