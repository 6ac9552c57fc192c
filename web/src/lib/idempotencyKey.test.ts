import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newIdempotencyKey } from './idempotencyKey.ts';

test('a new key each time: a UUID, or 32 hex digits where the page has no crypto.randomUUID (plain HTTP)', () => {
  const keys = new Set([newIdempotencyKey(), newIdempotencyKey()]);
  assert.equal(keys.size, 2);
  for (const key of keys) assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

  const crypto = globalThis.crypto as { randomUUID?: unknown };
  crypto.randomUUID = undefined;
  try {
    const plain = [newIdempotencyKey(), newIdempotencyKey()];
    for (const key of plain) assert.match(key, /^[0-9a-f]{32}$/);
    assert.notEqual(plain[0], plain[1]);
  } finally {
    delete crypto.randomUUID;
  }
});
