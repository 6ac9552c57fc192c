/** One place in a row of page links: a page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'gap';

/**
 * The pages to offer around `page` of `pages`: the first, the last, and `reach` (two, or
 * one on a phone) either side of the current one, with a gap wherever pages are left out.
 * A gap would hide a single page, so that page is shown instead (1 2 3 4 5, never 1 … 3 4 5).
 */
export function pageItems(page: number, pages: number, reach = 2): PageItem[] {
  const last = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), last);
  const shown: number[] = [];
  for (let p = 1; p <= last; p++) if (p === 1 || p === last || Math.abs(p - current) <= reach) shown.push(p);
  const items: PageItem[] = [];
  for (const p of shown) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && p - previous === 2) items.push(p - 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}
