import { useState } from 'react';

/**
 * `value`, or while it is undefined, the last value it had within the same `scope`: the
 * previous page of results stays on screen (dimmed) while the next one loads, instead of
 * the screen emptying and jumping. A new scope (another department) starts empty.
 */
export function useKept<T>(value: T | undefined, scope: unknown): T | undefined {
  const [kept, setKept] = useState<{ value: T; scope: unknown }>();
  // Adjusting state while rendering, as React recommends for values derived from earlier renders.
  if (value !== undefined && (kept === undefined || kept.value !== value || kept.scope !== scope)) setKept({ value, scope });
  if (value !== undefined) return value;
  return kept !== undefined && kept.scope === scope ? kept.value : undefined;
}
