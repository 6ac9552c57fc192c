import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auditLines } from './auditLines.ts';

describe("the audit log's change column", () => {
  test('a change: each field before → after', () => {
    assert.deepEqual(auditLines({ stock: 681, price: 2.99 }, { stock: 4, price: 3.49 }), ['stock: 681 → 4', 'price: 2.99 → 3.49']);
  });

  test('a creation (nothing before): the new values', () => {
    assert.deepEqual(auditLines(null, { username: 'vera', role: 'viewer' }), ['username: vera', 'role: viewer']);
  });

  test('a field on one side only, and values that are not text', () => {
    assert.deepEqual(auditLines({ hidden: false }, { hidden: true, at: null }), ['hidden: false → true', 'at: — → null']);
  });
});
