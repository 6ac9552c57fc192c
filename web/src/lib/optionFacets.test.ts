import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { facets } from '../test/fixtures.ts';
import { emptyListing, toggleOption, type ListingQuery } from './listingQuery.ts';
import { optionFacets, optionGroups, type OptionFacet } from './optionFacets.ts';

const size: OptionFacet = {
  name: 'Size',
  values: [
    { value: 'S', count: 4 },
    { value: 'M', count: 12 },
    { value: 'L', count: 0 },
    { value: 'XL', count: 2 },
  ],
};
const colour: OptionFacet = { name: 'Colour', values: [{ value: 'Navy', count: 7 }] };

const ticking = (...choices: [string, string][]): ListingQuery =>
  choices.reduce((q, [name, value]) => toggleOption(q, name, value), emptyListing('department'));

describe('option facets', () => {
  test('read from the answer, in its order; none from an older answer or before one', () => {
    assert.deepEqual(optionFacets(facets({ options: [size, colour] })), [size, colour]);
    assert.deepEqual(optionFacets(facets()), []);
    assert.deepEqual(optionFacets(undefined), []);
  });

  test('each value with its count and whether it is ticked; values that would show nothing left out', () => {
    const groups = optionGroups(facets({ options: [size, colour] }), ticking(['Size', 'XL']));
    assert.deepEqual(groups, [
      {
        name: 'Size',
        values: [
          { value: 'S', count: 4, chosen: false },
          { value: 'M', count: 12, chosen: false },
          { value: 'XL', count: 2, chosen: true },
        ],
      },
      { name: 'Colour', values: [{ value: 'Navy', count: 7, chosen: false }] },
    ]);
  });

  test('a ticked value is always listed, in its place, or after the rest when the answer does not name it', () => {
    const query = ticking(['Size', 'L'], ['Size', 'XXL'], ['Waist', '32']);
    const groups = optionGroups(facets({ options: [size, colour] }), query);
    assert.deepEqual(
      groups.map((g) => [g.name, g.values.map((v) => `${v.value} ${v.count}${v.chosen ? ' ✓' : ''}`)]),
      [
        ['Size', ['S 4', 'M 12', 'L 0 ✓', 'XL 2', 'XXL 0 ✓']],
        ['Colour', ['Navy 7']],
        ['Waist', ['32 0 ✓']],
      ],
    );
    // Before the first answer, only what the address ticks.
    assert.deepEqual(optionGroups(undefined, ticking(['Colour', 'Red'])), [
      { name: 'Colour', values: [{ value: 'Red', count: 0, chosen: true }] },
    ]);
  });

  test('a value is ticked for its own option only', () => {
    const trim: OptionFacet = { name: 'Trim', values: [{ value: 'Navy', count: 3 }] };
    const groups = optionGroups(facets({ options: [colour, trim] }), ticking(['Trim', 'Navy']));
    assert.deepEqual(groups.map((g) => g.values[0]?.chosen), [false, true]);
  });

  test('an option with nothing to show is not listed', () => {
    const empty: OptionFacet = { name: 'Storage', values: [{ value: '64 GB', count: 0 }] };
    assert.deepEqual(
      optionGroups(facets({ options: [empty, colour] }), emptyListing('department')).map((g) => g.name),
      ['Colour'],
    );
  });
});
