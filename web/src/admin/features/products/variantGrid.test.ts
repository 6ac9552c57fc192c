import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AdminVariantsBody } from '../../../api/types.ts';
import {
  addOption,
  addValue,
  emptyGrid,
  filterRows,
  gridFromBody,
  gridProblems,
  isGridDirty,
  proposedSku,
  removeOption,
  removeRow,
  removeValue,
  renameValue,
  setCell,
  textProblem,
  variantsInput,
  type Grid,
  type GridRow,
} from './variantGrid.ts';

const body: AdminVariantsBody = {
  productId: 7,
  price: 12,
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Navy'] },
  ],
  variants: [
    { id: 31, sku: 'TEE-S-NAVY', options: { Size: 'S', Colour: 'Navy' }, price: null, stock: 12, imageId: null, image: null },
    { id: 32, sku: 'TEE-M-NAVY', options: { Size: 'M', Colour: 'Navy' }, price: 13.5, stock: 0, imageId: 4, image: '/p/4.webp' },
  ],
};

/** The row at `i`, which the test expects there. */
function rowAt(g: Grid, i: number): GridRow {
  const row = g.rows[i];
  assert.ok(row, `no row ${i}`);
  return row;
}
const combos = (g: Grid) => g.rows.map((r) => r.values.join('/'));
const skus = (g: Grid) => g.rows.map((r) => r.sku);

describe('the grid from the server and back', () => {
  test("the answer's variants become rows of text, values in the options' order", () => {
    const g = gridFromBody(body);
    assert.deepEqual(g.options, body.options);
    assert.deepEqual(
      g.rows.map(({ key: _k, ...r }) => r),
      [
        { id: 31, values: ['S', 'Navy'], sku: 'TEE-S-NAVY', price: '', stock: '12', imageId: null },
        { id: 32, values: ['M', 'Navy'], sku: 'TEE-M-NAVY', price: '13.50', stock: '0', imageId: 4 },
      ],
    );
    assert.notEqual(rowAt(g, 0).key, rowAt(g, 1).key);
  });

  test('the save sends every row in order, its id when it has one, no price for the product\'s', () => {
    let g = gridFromBody(body);
    g = addValue(g, 0, 'L', 'TEE');
    g = setCell(g, rowAt(g, 2).key, 'price', ' 14 ');
    g = setCell(g, rowAt(g, 2).key, 'stock', '5');
    assert.deepEqual(variantsInput(g), {
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Navy'] },
      ],
      variants: [
        { id: 31, sku: 'TEE-S-NAVY', options: { Size: 'S', Colour: 'Navy' }, price: null, stock: 12, imageId: null },
        { id: 32, sku: 'TEE-M-NAVY', options: { Size: 'M', Colour: 'Navy' }, price: 13.5, stock: 0, imageId: 4 },
        { sku: 'TEE-L-NAVY', options: { Size: 'L', Colour: 'Navy' }, price: 14, stock: 5, imageId: null },
      ],
    });
  });

  test('a picture the product no longer has is sent as none', () => {
    const g = gridFromBody(body);
    assert.equal(variantsInput(g, new Set([4])).variants?.[1]?.imageId, 4);
    assert.equal(variantsInput(g, new Set([5])).variants?.[1]?.imageId, null);
  });

  test('no options and no variants: the product is plain again', () => {
    assert.deepEqual(variantsInput(emptyGrid), { options: [], variants: [] });
  });
});

describe('a change to the options changes the rows', () => {
  test('a first option and its values: one row each, with a proposed SKU', () => {
    let g = addOption(emptyGrid, ' Size ');
    assert.deepEqual(g.options, [{ name: 'Size', values: [] }]);
    assert.equal(g.rows.length, 0);
    g = addValue(g, 0, 'S', 'tee');
    g = addValue(g, 0, 'M', 'tee');
    assert.deepEqual(combos(g), ['S', 'M']);
    assert.deepEqual(skus(g), ['TEE-S', 'TEE-M']);
    assert.deepEqual(
      g.rows.map((r) => [r.id, r.price, r.stock, r.imageId]),
      [
        [null, '', '0', null],
        [null, '', '0', null],
      ],
    );
  });

  test('a value added to one option brings its combinations with the others, in the options\' order', () => {
    const g = addValue(gridFromBody(body), 1, 'Red', 'TEE');
    assert.deepEqual(combos(g), ['S/Navy', 'S/Red', 'M/Navy', 'M/Red']);
    assert.deepEqual(skus(g), ['TEE-S-NAVY', 'TEE-S-RED', 'TEE-M-NAVY', 'TEE-M-RED']);
    // The saved rows are the same objects: their components need not render again.
    assert.equal(rowAt(g, 0).id, 31);
    assert.equal(rowAt(g, 2).id, 32);
  });

  test("a new option's first value goes to every row; its next ones multiply them", () => {
    let g = addOption(gridFromBody(body), 'Fit');
    assert.deepEqual(combos(g), ['S/Navy/', 'M/Navy/']);
    g = addValue(g, 2, 'Slim', 'TEE');
    assert.deepEqual(combos(g), ['S/Navy/Slim', 'M/Navy/Slim']);
    assert.deepEqual(skus(g), ['TEE-S-NAVY', 'TEE-M-NAVY'], 'the rows there keep their SKUs');
    g = addValue(g, 2, 'Loose', 'TEE');
    assert.deepEqual(combos(g), ['S/Navy/Slim', 'S/Navy/Loose', 'M/Navy/Slim', 'M/Navy/Loose']);
    assert.equal(rowAt(g, 1).sku, 'TEE-S-NAVY-LOOSE');
  });

  test('a removed value takes its rows; a renamed one renames them', () => {
    let g = addValue(gridFromBody(body), 1, 'Red', 'TEE');
    g = removeValue(g, 0, 0);
    assert.deepEqual(g.options[0]?.values, ['M']);
    assert.deepEqual(combos(g), ['M/Navy', 'M/Red']);
    g = renameValue(g, 1, 0, ' Ink ');
    assert.deepEqual(g.options[1]?.values, ['Ink', 'Red']);
    assert.deepEqual(combos(g), ['M/Ink', 'M/Red']);
    assert.equal(rowAt(g, 0).sku, 'TEE-M-NAVY');
  });

  test('a removed option leaves one row per remaining combination; none left, no rows', () => {
    let g = addValue(gridFromBody(body), 1, 'Red', 'TEE');
    g = removeOption(g, 1);
    assert.deepEqual(g.options, [{ name: 'Size', values: ['S', 'M'] }]);
    assert.deepEqual(combos(g), ['S', 'M']);
    assert.deepEqual(skus(g), ['TEE-S-NAVY', 'TEE-M-NAVY'], 'the first row of each combination stays');
    assert.deepEqual(removeOption(g, 0), { options: [], rows: [] });
  });

  test('at most 3 options', () => {
    let g = emptyGrid;
    for (const name of ['A', 'B', 'C', 'D']) g = addOption(g, name);
    assert.deepEqual(
      g.options.map((o) => o.name),
      ['A', 'B', 'C'],
    );
  });

  test('a proposed SKU that another row has gets a number', () => {
    let g = addOption(emptyGrid, 'Size');
    g = addValue(g, 0, 'M L', 'TEE');
    g = addValue(g, 0, 'M-L', 'TEE');
    assert.deepEqual(skus(g), ['TEE-M-L', 'TEE-M-L-2']);
  });
});

describe('a proposed SKU', () => {
  test("the product's SKU and the values, upper case, with '-' for what a SKU cannot hold", () => {
    assert.equal(proposedSku('tee', ['M', 'Navy']), 'TEE-M-NAVY');
    assert.equal(proposedSku('TEE', ['Extra large', 'Bleu/Ciel']), 'TEE-EXTRA-LARGE-BLEU-CIEL');
    assert.equal(proposedSku('TEE', ['Crème brûlée']), 'TEE-CR-ME-BR-L-E');
    assert.equal(proposedSku('TEE', ['M', '']), 'TEE-M');
    assert.equal(proposedSku('TEE', ['10.5', 'x_y']), 'TEE-10.5-X_Y');
  });

  test('at most 40 characters, never ending in -', () => {
    const sku = proposedSku('PRODUCT-WITH-A-LONG-SKU', ['A very long value name']);
    assert.ok(sku.length <= 40, sku);
    assert.doesNotMatch(sku, /-$/);
  });
});

describe("the grid's rows", () => {
  test('a cell changed makes a new row and leaves the others as they were', () => {
    const g = gridFromBody(body);
    const after = setCell(g, rowAt(g, 1).key, 'sku', 'TEE-M2');
    assert.equal(rowAt(after, 0), rowAt(g, 0));
    assert.notEqual(rowAt(after, 1), rowAt(g, 1));
    assert.equal(rowAt(after, 1).sku, 'TEE-M2');
    assert.equal(rowAt(g, 1).sku, 'TEE-M-NAVY');
  });

  test('dirty once something differs from what was saved, clean once it is back', () => {
    const saved = gridFromBody(body);
    assert.equal(isGridDirty(saved, saved), false);
    assert.equal(isGridDirty(saved, gridFromBody(body)), false, 'new keys are not a change');
    const changed = setCell(saved, rowAt(saved, 0).key, 'stock', '13');
    assert.equal(isGridDirty(saved, changed), true);
    assert.equal(isGridDirty(saved, setCell(changed, rowAt(saved, 0).key, 'stock', '12')), false);
    assert.equal(isGridDirty(saved, removeRow(saved, rowAt(saved, 0).key)), true);
    assert.equal(isGridDirty(saved, renameValue(saved, 1, 0, 'Ink')), true);
  });

  test('the filter finds rows by any value or SKU, regardless of case', () => {
    const rows = gridFromBody(body).rows;
    assert.deepEqual(
      filterRows(rows, 'm-n').map((r) => r.id),
      [32],
    );
    assert.deepEqual(
      filterRows(rows, 'navy').map((r) => r.id),
      [31, 32],
    );
    assert.deepEqual(
      filterRows(rows, ' s ').map((r) => r.id),
      [31],
    );
    assert.equal(filterRows(rows, ''), rows);
  });
});

describe('checks before the save', () => {
  test('what cannot be sent is said per row, as the server says it', () => {
    let g = gridFromBody(body);
    g = setCell(g, rowAt(g, 0).key, 'price', 'ten');
    g = setCell(g, rowAt(g, 1).key, 'stock', '-1');
    g = setCell(g, rowAt(g, 1).key, 'sku', 'TEE M');
    const lines = gridProblems(g);
    assert.equal(lines.length, 3, lines.join('\n'));
    const [price, sku, stock] = lines;
    assert.match(price ?? '', /^Variant 1: A price is a number/);
    assert.match(sku ?? '', /^Variant 2: A SKU holds only/);
    assert.match(stock ?? '', /^Variant 2: /);
  });

  test('an option needs a name and a value; options need a variant', () => {
    const g = addOption(addOption(emptyGrid, ''), 'Size');
    assert.deepEqual(gridProblems(g), ['Option 1 needs a name.', 'The option "Size" has no values.', 'A product with options needs at least one variant.']);
    assert.deepEqual(gridProblems(gridFromBody(body)), []);
  });

  test('a name or value is refused when empty, too long, or there already', () => {
    assert.equal(textProblem('  ', [], 'value'), 'A value cannot be empty.');
    assert.equal(textProblem('x'.repeat(41), [], 'value'), 'A value is at most 40 characters.');
    assert.equal(textProblem('m ', ['S', 'M'], 'value'), 'There is already a value "m".');
    assert.equal(textProblem('L', ['S', 'M'], 'value'), undefined);
  });
});
