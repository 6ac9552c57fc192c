import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Variant } from '../api/types.ts';
import {
  describeOptions,
  initialVariant,
  isSoldOut,
  pick,
  valuesOf,
  variantWith,
  type Choosable,
} from './variantChoice.ts';

const variant = (id: number, Size: string, Colour: string, stock: number): Variant => ({
  id,
  sku: `TEE-${Size}-${Colour}`,
  options: { Size, Colour },
  price: 12.99,
  stock,
  image: null,
});

// A tee: M Navy and S Red are sold out, L Red is not sold at all, XL only in Red (sold out).
const tee: Choosable = {
  options: [
    { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Navy', 'Red'] },
  ],
  variants: [
    variant(11, 'S', 'Navy', 3),
    variant(12, 'M', 'Navy', 0),
    variant(13, 'L', 'Navy', 5),
    variant(14, 'S', 'Red', 0),
    variant(15, 'M', 'Red', 2),
    variant(16, 'XL', 'Red', 0),
  ],
};

const ids = (v: Variant | undefined) => v?.id;

describe('variantChoice', () => {
  test('the variant of a full set of values, and none for a combination not sold', () => {
    assert.equal(ids(variantWith(tee, ['M', 'Red'])), 15);
    assert.equal(ids(variantWith(tee, ['L', 'Red'])), undefined);
    assert.deepEqual(valuesOf(tee, tee.variants[2]!), ['L', 'Navy']);
  });

  test('sizes sold out in the chosen colour, and sizes that colour is not sold in, are sold out', () => {
    const sizes = (chosen: string[]) => tee.options[0]!.values.filter((s) => isSoldOut(tee, chosen, 0, s));
    assert.deepEqual(sizes(['S', 'Navy']), ['M', 'XL']);
    assert.deepEqual(sizes(['M', 'Red']), ['S', 'L', 'XL']);
    // The colours, given the chosen size.
    assert.equal(isSoldOut(tee, ['S', 'Navy'], 1, 'Red'), true);
    assert.equal(isSoldOut(tee, ['M', 'Navy'], 1, 'Red'), false);
    assert.equal(isSoldOut(tee, ['M', 'Navy'], 1, 'Navy'), true);
  });

  test("the page opens on the address's variant when it is this product's", () => {
    assert.equal(ids(initialVariant(tee, '12')), 12); // sold out, but the one the link names
    assert.equal(ids(initialVariant(tee, '15')), 15);
  });

  test("another product's variant, or no variant, in the address opens the first with units left", () => {
    const withStockLater: Choosable = { ...tee, variants: [variant(21, 'S', 'Navy', 0), variant(22, 'M', 'Navy', 4)] };
    assert.equal(ids(initialVariant(withStockLater, '15')), 22); // 15 is the tee's, not this product's
    assert.equal(ids(initialVariant(withStockLater, null)), 22);
    assert.equal(ids(initialVariant(withStockLater, '22abc')), 22);
    assert.equal(ids(initialVariant(withStockLater, '21')), 21);
  });

  test('with every variant sold out the first opens; a product sold as one thing has none', () => {
    const allGone: Choosable = { ...tee, variants: [variant(31, 'S', 'Navy', 0), variant(32, 'M', 'Navy', 0)] };
    assert.equal(ids(initialVariant(allGone, null)), 31);
    assert.equal(initialVariant({ options: [], variants: [] }, '15'), undefined);
  });

  test('picking a value whose combination is sold chooses it, even sold out', () => {
    assert.equal(ids(pick(tee, ['S', 'Navy'], 0, 'L')), 13);
    assert.equal(ids(pick(tee, ['S', 'Navy'], 0, 'M')), 12);
    assert.equal(ids(pick(tee, ['S', 'Navy'], 1, 'Red')), 14);
  });

  test('picking a value whose combination is not sold chooses the closest sold one, preferring units left', () => {
    // L Red is not sold: L in Navy keeps the size picked.
    assert.equal(ids(pick(tee, ['M', 'Red'], 0, 'L')), 13);
    // XL comes only in Red.
    assert.equal(ids(pick(tee, ['S', 'Navy'], 0, 'XL')), 16);
    // Red in size L is not sold: of the Reds, M has units left, S and XL have none.
    assert.equal(ids(pick(tee, ['L', 'Navy'], 1, 'Red')), 15);
    // A value no variant has chooses nothing.
    assert.equal(pick(tee, ['S', 'Navy'], 0, 'XXL'), undefined);
  });

  test('keeping an earlier option weighs more than keeping a later one, and more than units left', () => {
    const v = (id: number, Size: string, Colour: string, Fit: string, stock: number): Variant => ({
      ...variant(id, Size, Colour, stock),
      options: { Size, Colour, Fit },
    });
    const jeans: Choosable = {
      options: [
        { name: 'Size', values: ['30', '32'] },
        { name: 'Colour', values: ['Blue', 'Black'] },
        { name: 'Fit', values: ['Slim', 'Loose'] },
      ],
      variants: [v(41, '30', 'Blue', 'Slim', 2), v(42, '32', 'Black', 'Slim', 5), v(43, '30', 'Black', 'Loose', 0)],
    };
    // 30 Black Slim is not sold: 32 Black Slim keeps the fit, 30 Black Loose keeps the size, which wins.
    assert.equal(ids(pick(jeans, ['30', 'Blue', 'Slim'], 1, 'Black')), 43);
  });

  test("a line's options read as the shopper chose them", () => {
    assert.equal(
      describeOptions([
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Navy' },
      ]),
      'Size: M · Colour: Navy',
    );
    assert.equal(describeOptions([]), '');
  });
});
