import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatPrice, formatPriceShort } from './money.ts';

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
    assert.equal(formatPrice(1234567.891), '$1,234,567.89');
  });

  test('writes what Intl.NumberFormat would, for any amount in cents', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, -5, -500, -123456]) {
      assert.equal(formatPrice(cents / 100), usd.format(cents / 100), String(cents));
    }
  });
});

describe('formatPriceShort', () => {
  test('leaves out the cents of whole dollars only', () => {
    assert.equal(formatPriceShort(25), '$25');
    assert.equal(formatPriceShort(1200), '$1,200');
    assert.equal(formatPriceShort(49.5), '$49.50');
    assert.equal(formatPriceShort(0), '$0');
  });
});
