import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fivePercent, formatPrice, fromCents, summarize, toCents } from './money.ts';

describe('toCents', () => {
  test('rounds away the float error of two-decimal prices', () => {
    // 0.29 * 100 is 28.999999999999996 and 4.35 * 100 is 434.99999999999994.
    assert.equal(toCents(0.29), 29);
    assert.equal(toCents(4.35), 435);
    assert.equal(toCents(19.99), 1999);
    assert.equal(fromCents(1999), 19.99);
  });
});

describe('fivePercent (the RedCard discount, in cents)', () => {
  test('is exact when 5% is a whole cent', () => {
    assert.equal(fivePercent(1000), 50);
    assert.equal(fivePercent(0), 0);
  });

  test('rounds half a cent up, as the server does', () => {
    assert.equal(fivePercent(10), 1); // 0.5 → 1
    assert.equal(fivePercent(30), 2); // 1.5 → 2 (not to even)
    assert.equal(fivePercent(50), 3); // 2.5 → 3 (not to even)
    assert.equal(fivePercent(1999), 100); // 99.95 → 100
  });

  test('rounds less than half a cent down', () => {
    assert.equal(fivePercent(9), 0); // 0.45
    assert.equal(fivePercent(1989), 99); // 99.45
    assert.equal(fivePercent(1001), 50); // 50.05
  });
});

describe('summarize', () => {
  test('adds prices in cents, so 0.10 + 0.20 is 0.30', () => {
    assert.deepEqual(summarize([0.1, 0.2]), { subtotal: 0.3, discount: 0.02, total: 0.28 });
  });

  test('19.99 + 5.01 is 25.00, less 1.25', () => {
    assert.deepEqual(summarize([19.99, 5.01]), { subtotal: 25, discount: 1.25, total: 23.75 });
  });

  test('the total is the subtotal less the rounded discount', () => {
    assert.deepEqual(summarize([19.99]), { subtotal: 19.99, discount: 1, total: 18.99 });
    assert.deepEqual(summarize([0.57, 0.58, 0.29]), { subtotal: 1.44, discount: 0.07, total: 1.37 });
  });

  test('an empty cart costs nothing', () => {
    assert.deepEqual(summarize([]), { subtotal: 0, discount: 0, total: 0 });
  });

  test('a large cart keeps every cent', () => {
    const prices = Array.from({ length: 50 }, () => 349.99);
    // 17499.50 less 874.975 → 874.98
    assert.deepEqual(summarize(prices), { subtotal: 17499.5, discount: 874.98, total: 16624.52 });
  });
});

describe('formatPrice', () => {
  test('shows dollars with a $ and two decimals', () => {
    assert.equal(formatPrice(19.99), '$19.99');
    assert.equal(formatPrice(5), '$5.00');
    assert.equal(formatPrice(0.5), '$0.50');
    assert.equal(formatPrice(0), '$0.00');
  });

  test('groups thousands and hides float noise', () => {
    assert.equal(formatPrice(1234.5), '$1,234.50');
    assert.equal(formatPrice(0.1 + 0.2), '$0.30');
  });
});
