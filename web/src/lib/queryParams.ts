// The back office's lists keep their filters, search and page in the address, so a
// list can be bookmarked, shared and stepped through with Back.

/**
 * The query string (with its `?`, or '' when empty) of `search` with `changes` applied:
 * an empty or undefined value removes its key. Any change but the page's starts again
 * at page 1, since the old page number means nothing in a new list.
 */
export function withParams(search: string, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(search);
  if (!('page' in changes)) params.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The page the address asks for: a whole number from 1, else 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `value` if it is one of `options`, else undefined (a hand-edited address asks for nothing odd). */
export function oneOf<T extends string>(value: string | null, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

/** A positive whole number from the address, else undefined. */
export function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id >= 1 ? id : undefined;
}
