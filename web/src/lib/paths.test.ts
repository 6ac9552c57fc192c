import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { to } from './paths.ts';

describe('paths', () => {
  test("a search's address: the words, and the brands a brand suggestion narrows it to", () => {
    assert.equal(to.search('  desk lamp '), '/search?q=desk+lamp');
    assert.equal(to.search('Oak & Co', ['Oak & Co']), '/search?q=Oak+%26+Co&brand=Oak+%26+Co');
  });

  test("a product's address, opening on a variant when one is given", () => {
    assert.equal(to.product(5, 25), '/departments/5/products/25');
    assert.equal(to.product(5, 25, null), '/departments/5/products/25');
    assert.equal(to.product(5, 25, 3), '/departments/5/products/25?variant=3');
  });
});
