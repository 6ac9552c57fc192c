import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { optionLabel, priceLabel, ratingLabel } from './labels.ts';

describe('listing labels', () => {
  test("the server's price bands read as a store says them", () => {
    assert.equal(priceLabel(0, 24.99), 'Under $25');
    assert.equal(priceLabel(undefined, 24.99), 'Under $25');
    assert.equal(priceLabel(25, 49.99), '$25 to $50');
    assert.equal(priceLabel(100, 199.99), '$100 to $200');
    assert.equal(priceLabel(200, undefined), '$200 & above');
  });

  test('any other range is shown as it is', () => {
    assert.equal(priceLabel(undefined, 30), 'Up to $30');
    assert.equal(priceLabel(10, 30.5), '$10 to $30.50');
    assert.equal(priceLabel(12.5, undefined), '$12.50 & above');
  });

  test('rating floors', () => {
    assert.equal(ratingLabel(4), '4 stars & up');
    assert.equal(ratingLabel(1), '1 star & up');
  });

  test('option values name their option', () => {
    assert.equal(optionLabel('Size', 'M'), 'Size: M');
    assert.equal(optionLabel('Ratio', '16:9'), 'Ratio: 16:9');
  });
});
