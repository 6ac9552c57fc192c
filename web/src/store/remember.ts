/**
 * `cache` with `value` under `key`, as the newest entry, keeping the newest `max` only:
 * listings and suggestions are kept for Back, Forward and retyping, not for ever.
 * Keys must not look like integers (objects list those first, whatever their age).
 */
export function remember<T>(cache: Record<string, T>, key: string, value: T, max: number): Record<string, T> {
  const next = { ...cache };
  delete next[key];
  next[key] = value;
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) delete next[old];
  return next;
}
