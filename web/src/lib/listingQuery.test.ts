import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  activeFilterCount,
  emptyListing,
  hasOption,
  listingApiQuery,
  listingSearch,
  MAX_OPTIONS,
  parseListing,
  parseOption,
  toggleBrand,
  toggleOption,
  withChoice,
  withoutFilters,
  withPage,
  type ListingQuery,
} from './listingQuery.ts';

const everything: ListingQuery = {
  kind: 'search',
  q: 'desk lamp',
  department: 9,
  brands: ['Lumen', 'Oak & Co'],
  options: [
    ['Size', 'M'],
    ['Ratio', '16:9'],
  ],
  minPrice: 25,
  maxPrice: 49.99,
  minRating: 4,
  inStock: true,
  sort: 'price-asc',
  page: 3,
};

describe('listing query: reading and writing the address', () => {
  test('every choice survives a round trip through the address', () => {
    const search = listingSearch(everything);
    assert.equal(
      search,
      '?q=desk+lamp&department=9&brand=Lumen&brand=Oak+%26+Co&option=Size:M&option=Ratio:16:9&minPrice=25&maxPrice=49.99&minRating=4&inStock=true&sort=price-asc&page=3',
    );
    assert.deepEqual(parseListing('search', search), everything);

    const department: ListingQuery = {
      kind: 'department',
      q: '',
      brands: ['Sony'],
      options: [['Colour', 'Navy & White']],
      maxPrice: 24.99,
      sort: 'newest',
      page: 2,
    };
    assert.equal(listingSearch(department), '?brand=Sony&option=Colour:Navy+%26+White&maxPrice=24.99&sort=newest&page=2');
    assert.deepEqual(parseListing('department', listingSearch(department)), department);
  });

  test('defaults are left out of the address', () => {
    assert.equal(listingSearch(emptyListing('department')), '');
    assert.equal(listingSearch(emptyListing('search', '  sony ')), '?q=sony');
    // Relevance is the search's default, featured the department's.
    assert.equal(listingSearch({ ...emptyListing('search', 'tv'), sort: 'relevance', page: 1 }), '?q=tv');
    assert.equal(listingSearch({ ...emptyListing('search', 'tv'), sort: 'featured' }), '?q=tv&sort=featured');
    assert.equal(listingSearch({ ...emptyListing('department'), sort: 'featured' }), '');
    assert.equal(listingSearch({ ...emptyListing('department'), sort: 'rating' }), '?sort=rating');
    // No minimum price and no minimum rating are the same as none at all.
    assert.equal(listingSearch(parseListing('department', '?minPrice=0&maxPrice=24.99&minRating=0')), '?maxPrice=24.99');
  });

  test('"in stock" is a filter of its own, in the address only when ticked', () => {
    assert.equal(parseListing('department', '?inStock=true').inStock, true);
    assert.equal(parseListing('department', '?inStock=yes').inStock, undefined);
    assert.equal(listingSearch(parseListing('department', '?inStock=false')), '');
    const ticked = withChoice(emptyListing('department'), { inStock: true });
    assert.equal(activeFilterCount(ticked), 1);
    assert.deepEqual(withChoice(ticked, { inStock: undefined }), emptyListing('department'));
  });

  test('a missing address reads as the plain listing', () => {
    assert.deepEqual(parseListing('department', ''), emptyListing('department'));
    assert.deepEqual(parseListing('search', ''), { kind: 'search', q: '', brands: [], options: [], sort: 'relevance', page: 1 });
  });

  test('brands repeat, in order, without blanks or twins', () => {
    const query = parseListing('department', '?brand=Sony&brand=Bose&brand=&brand=%20Sony%20&brand=Acme');
    assert.deepEqual(query.brands, ['Sony', 'Bose', 'Acme']);
    assert.equal(listingSearch(query), '?brand=Sony&brand=Bose&brand=Acme');
    assert.equal(parseListing('department', `?brand=${'x'.repeat(101)}`).brands.length, 0);
  });

  test('at most 20 brands, as the server takes', () => {
    const many = Array.from({ length: 25 }, (_, i) => `brand=B${i}`).join('&');
    const query = parseListing('department', `?${many}`);
    assert.equal(query.brands.length, 20);
    assert.equal(query.brands[19], 'B19');
    assert.equal(toggleBrand(query, 'Another'), query);
    assert.deepEqual(toggleBrand(query, 'B0').brands.length, 19);
  });

  test('option values repeat, in order, without twins or what the server refuses', () => {
    const query = parseListing(
      'department',
      '?option=Size:M&option=Colour:Navy&option=Size:L&option=%20Size%20:%20M%20&option=Size:M' +
        '&option=Size&option=:M&option=Size:&option=%20:M&option=Size:%20%20' +
        `&option=${'n'.repeat(41)}:M&option=Size:${'v'.repeat(41)}&option=Size:M%00` +
        `&option=${'n'.repeat(40)}:${'v'.repeat(40)}&option=Ratio:16:9&option=Ratio%3A4%3A3`,
    );
    assert.deepEqual(query.options, [
      ['Size', 'M'],
      ['Colour', 'Navy'],
      ['Size', 'L'],
      ['n'.repeat(40), 'v'.repeat(40)],
      ['Ratio', '16:9'],
      ['Ratio', '4:3'],
    ]);
    // The same value of two options is two filters; the same option's value twice is one.
    assert.deepEqual(parseListing('department', '?option=Colour:Red&option=Trim:Red&option=Colour:Red').options, [
      ['Colour', 'Red'],
      ['Trim', 'Red'],
    ]);
    // Letters, not UTF-16 units: 40 emoji are 40 characters, as the server counts them.
    assert.equal(parseListing('department', `?option=Mood:${'😀'.repeat(40)}`).options.length, 1);
    assert.equal(parseListing('department', `?option=Mood:${'😀'.repeat(41)}`).options.length, 0);
  });

  test('an option is read as the server reads it: the name ends at the first colon', () => {
    assert.deepEqual(parseOption('Size:M'), ['Size', 'M']);
    assert.deepEqual(parseOption(' Waist : 32 '), ['Waist', '32']);
    assert.deepEqual(parseOption('Time:10:30:00'), ['Time', '10:30:00']);
    assert.equal(parseOption('Size'), undefined);
    assert.equal(parseOption(':M'), undefined);
    assert.equal(parseOption('Size: '), undefined);
    assert.equal(parseOption(''), undefined);
  });

  test(`at most ${MAX_OPTIONS} option values, as the server takes`, () => {
    assert.equal(MAX_OPTIONS, 20);
    const many = Array.from({ length: 25 }, (_, i) => `option=Size:${i}`).join('&');
    const query = parseListing('department', `?option=Size:0&${many}`);
    assert.equal(query.options.length, 20);
    assert.deepEqual(query.options[19], ['Size', '19']);
    assert.equal(toggleOption(query, 'Colour', 'Red'), query);
    assert.equal(toggleOption(query, 'Size', '3').options.length, 19);
    // Twins and malformed ones do not use up the 20.
    const padded = `?option=Size:0&option=Size:0&option=bad&${many}`;
    assert.deepEqual(parseListing('department', padded).options, query.options);
  });

  test('values the server would refuse are dropped, the rest kept', () => {
    const bad = [
      'sort=cheapest',
      'page=0',
      'page=-2',
      'page=2.5',
      'page=two',
      'minPrice=abc',
      'maxPrice=-5',
      'maxPrice=1e3',
      'minPrice=10.999',
      'minRating=6',
      'minRating=-1',
      'minRating=four',
      'department=0',
      'department=x',
      'option=Size',
      'option=:M',
      'option=Size:',
      `option=Size:${'x'.repeat(41)}`,
    ];
    for (const param of bad)
      assert.deepEqual(parseListing('search', `?q=tv&${param}&brand=Sony`), { ...emptyListing('search', 'tv'), brands: ['Sony'] }, param);
  });

  test('a price range that holds nothing is dropped whole', () => {
    const query = parseListing('department', '?minPrice=50&maxPrice=25&brand=Sony');
    assert.equal(query.minPrice, undefined);
    assert.equal(query.maxPrice, undefined);
    assert.deepEqual(query.brands, ['Sony']);
    assert.deepEqual(parseListing('department', '?minPrice=25&maxPrice=25'), { ...emptyListing('department'), minPrice: 25, maxPrice: 25 });
  });

  test('a department page knows no relevance, no words and no department filter', () => {
    assert.equal(parseListing('department', '?sort=relevance').sort, 'featured');
    assert.deepEqual(parseListing('department', '?q=tv&department=5'), emptyListing('department'));
    assert.equal(listingSearch({ ...emptyListing('department'), q: 'tv', department: 5 }), '');
  });

  test('the search words are trimmed and cut at 100 characters', () => {
    assert.equal(parseListing('search', '?q=%20%20lamp%20%20').q, 'lamp');
    assert.equal(parseListing('search', `?q=${'a'.repeat(150)}`).q, 'a'.repeat(100));
    assert.equal(parseListing('search', '?q=%20%20').q, '');
  });
});

describe('listing query: choices', () => {
  test('a filter or order change goes back to page 1; a page change keeps the rest', () => {
    const onPage3 = everything;
    assert.equal(withChoice(onPage3, { sort: 'rating' }).page, 1);
    assert.equal(withChoice(onPage3, { minRating: 3 }).page, 1);
    assert.equal(toggleBrand(onPage3, 'Acme').page, 1);
    assert.equal(withoutFilters(onPage3).page, 1);
    assert.deepEqual(withPage(onPage3, 7), { ...onPage3, page: 7 });
  });

  test('a filter set to nothing leaves no trace in the query or the address', () => {
    const cleared = withChoice(everything, {
      minPrice: undefined,
      maxPrice: undefined,
      minRating: undefined,
      inStock: undefined,
      department: undefined,
    });
    assert.deepEqual(cleared, {
      kind: 'search',
      q: 'desk lamp',
      brands: ['Lumen', 'Oak & Co'],
      options: everything.options,
      sort: 'price-asc',
      page: 1,
    });
    assert.equal(listingSearch(cleared), '?q=desk+lamp&brand=Lumen&brand=Oak+%26+Co&option=Size:M&option=Ratio:16:9&sort=price-asc');
  });

  test('brands tick and untick', () => {
    const query = emptyListing('department');
    const two = toggleBrand(toggleBrand(query, 'Sony'), 'Bose');
    assert.deepEqual(two.brands, ['Sony', 'Bose']);
    assert.deepEqual(toggleBrand(two, 'Sony').brands, ['Bose']);
  });

  test('option values tick and untick, and go back to page 1', () => {
    const query = withPage(emptyListing('department'), 4);
    const size = toggleOption(query, 'Size', 'M');
    assert.deepEqual(size.options, [['Size', 'M']]);
    assert.equal(size.page, 1);
    const three = toggleOption(toggleOption(size, 'Size', 'L'), 'Colour', 'Navy');
    assert.deepEqual(three.options, [
      ['Size', 'M'],
      ['Size', 'L'],
      ['Colour', 'Navy'],
    ]);
    assert.equal(hasOption(three, 'Size', 'L'), true);
    assert.equal(hasOption(three, 'Colour', 'M'), false);
    // Only that option's value goes: the same value of another option stays.
    const both = toggleOption(toggleOption(query, 'Colour', 'Red'), 'Trim', 'Red');
    assert.deepEqual(toggleOption(both, 'Colour', 'Red').options, [['Trim', 'Red']]);
    assert.deepEqual(toggleOption(toggleOption(three, 'Size', 'M'), 'Colour', 'Navy').options, [['Size', 'L']]);
    assert.equal(listingSearch(toggleOption(three, 'Size', 'L')), '?option=Size:M&option=Colour:Navy');
    // Unticking the last leaves the plain listing (the query is not changed in place).
    assert.deepEqual(toggleOption(size, 'Size', 'M'), emptyListing('department'));
    assert.deepEqual(query.options, []);
  });

  test('clearing the filters keeps the words and the order', () => {
    assert.deepEqual(withoutFilters(everything), { kind: 'search', q: 'desk lamp', brands: [], options: [], sort: 'price-asc', page: 1 });
  });

  test('active filters: each brand, each option value, the price range, the rating, in stock and the department count once', () => {
    assert.equal(activeFilterCount(everything), 8);
    assert.equal(activeFilterCount(toggleOption(emptyListing('department'), 'Size', 'M')), 1);
    assert.equal(activeFilterCount(emptyListing('search', 'tv')), 0);
    assert.equal(activeFilterCount({ ...emptyListing('department'), maxPrice: 24.99 }), 1);
  });
});

describe('listing query: the API query string', () => {
  test('carries the same parameters, and the limit when asked', () => {
    assert.equal(
      listingApiQuery(everything),
      'q=desk+lamp&department=9&brand=Lumen&brand=Oak+%26+Co&option=Size:M&option=Ratio:16:9&minPrice=25&maxPrice=49.99&minRating=4&inStock=true&sort=price-asc&page=3',
    );
    assert.equal(listingApiQuery(emptyListing('department')), '');
    // What the server reads back: each option as sent, the ':' in a value included.
    const sent = new URLSearchParams(listingApiQuery(everything)).getAll('option');
    assert.deepEqual(sent, ['Size:M', 'Ratio:16:9']);
    assert.equal(listingApiQuery({ ...emptyListing('department'), sort: 'rating' }, 9), 'sort=rating&limit=9');
  });
});
