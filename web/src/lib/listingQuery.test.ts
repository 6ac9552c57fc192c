import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  activeFilterCount,
  emptyListing,
  listingApiQuery,
  listingSearch,
  parseListing,
  toggleBrand,
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
      '?q=desk+lamp&department=9&brand=Lumen&brand=Oak+%26+Co&minPrice=25&maxPrice=49.99&minRating=4&inStock=true&sort=price-asc&page=3',
    );
    assert.deepEqual(parseListing('search', search), everything);

    const department: ListingQuery = { kind: 'department', q: '', brands: ['Sony'], maxPrice: 24.99, sort: 'newest', page: 2 };
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
    assert.deepEqual(parseListing('search', ''), { kind: 'search', q: '', brands: [], sort: 'relevance', page: 1 });
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
    assert.deepEqual(cleared, { kind: 'search', q: 'desk lamp', brands: ['Lumen', 'Oak & Co'], sort: 'price-asc', page: 1 });
    assert.equal(listingSearch(cleared), '?q=desk+lamp&brand=Lumen&brand=Oak+%26+Co&sort=price-asc');
  });

  test('brands tick and untick', () => {
    const query = emptyListing('department');
    const two = toggleBrand(toggleBrand(query, 'Sony'), 'Bose');
    assert.deepEqual(two.brands, ['Sony', 'Bose']);
    assert.deepEqual(toggleBrand(two, 'Sony').brands, ['Bose']);
  });

  test('clearing the filters keeps the words and the order', () => {
    assert.deepEqual(withoutFilters(everything), { kind: 'search', q: 'desk lamp', brands: [], sort: 'price-asc', page: 1 });
  });

  test('active filters: each brand, the price range, the rating, in stock and the department count once', () => {
    assert.equal(activeFilterCount(everything), 6);
    assert.equal(activeFilterCount(emptyListing('search', 'tv')), 0);
    assert.equal(activeFilterCount({ ...emptyListing('department'), maxPrice: 24.99 }), 1);
  });
});

describe('listing query: the API query string', () => {
  test('carries the same parameters, and the limit when asked', () => {
    assert.equal(
      listingApiQuery(everything),
      'q=desk+lamp&department=9&brand=Lumen&brand=Oak+%26+Co&minPrice=25&maxPrice=49.99&minRating=4&inStock=true&sort=price-asc&page=3',
    );
    assert.equal(listingApiQuery(emptyListing('department')), '');
    assert.equal(listingApiQuery({ ...emptyListing('department'), sort: 'rating' }, 9), 'sort=rating&limit=9');
  });
});
