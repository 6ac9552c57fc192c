/**
 * A new Idempotency-Key: the name of one attempt at a write that must happen once (an
 * order, a refund), sent again as it was when the attempt is tried again.
 * `crypto.randomUUID` exists only on HTTPS and localhost pages, so elsewhere the key is
 * 16 random bytes in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
