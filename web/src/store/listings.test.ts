import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import type { DepartmentWithProducts, SearchResults } from '../api/types.ts';
import { emptyListing, toggleBrand, withPage } from '../lib/listingQuery.ts';
import { fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { departmentListingKey } from './departments.ts';
import { createStore } from './index.ts';
import { searchKey, suggestionsFor } from './products.ts';

const facets = { brands: [{ name: 'Sony', count: 3 }], ratings: [], prices: [], inStock: 0, options: [] };
const listing = (page: number): DepartmentWithProducts => ({
  id: 5,
  name: 'Electronics',
  url: '/images/5.webp',
  Products: [],
  total: 100,
  page,
  pages: 3,
  facets,
});
const results = (total: number): SearchResults => ({ Products: [], total, page: 1, pages: 1, facets });

describe('department listings', () => {
  test('listDepartmentProducts asks for the filtered, sorted page and keeps it under its own key', async () => {
    const server = fakeServer(ok(listing(1)), ok(listing(2)));
    const store = createStore();
    const first = emptyListing('department');
    const second = withPage({ ...toggleBrand(first, 'Sony'), sort: 'price-asc' }, 2);
    await store.getState().listDepartmentProducts(5, first);
    await store.getState().listDepartmentProducts(5, second);
    assert.deepEqual(
      server.calls.map((c) => c.url),
      ['/api/departments/5/products', '/api/departments/5/products?brand=Sony&sort=price-asc&page=2'],
    );
    const listings = store.getState().departments.listings;
    assert.deepEqual(listings[departmentListingKey(5, first)], listing(1));
    assert.deepEqual(listings[departmentListingKey(5, second)], listing(2));
  });

  test('a rail asks for a few of the best rated', async () => {
    const server = fakeServer(ok(listing(1)));
    const store = createStore();
    const query = { ...emptyListing('department'), sort: 'rating' as const };
    await store.getState().listDepartmentProducts(9, query, 9);
    assert.equal(server.calls[0]?.url, '/api/departments/9/products?sort=rating&limit=9');
    assert.ok(store.getState().departments.listings[departmentListingKey(9, query, 9)]);
  });

  test('only the newest listings are kept', async () => {
    fakeServer(...Array.from({ length: 30 }, (_, i) => ok(listing(i + 1))));
    const store = createStore();
    for (let page = 1; page <= 30; page++) await store.getState().listDepartmentProducts(5, withPage(emptyListing('department'), page));
    const keys = Object.keys(store.getState().departments.listings);
    assert.equal(keys.length, 24);
    assert.equal(keys[0], departmentListingKey(5, withPage(emptyListing('department'), 7)));
    assert.equal(keys[23], departmentListingKey(5, withPage(emptyListing('department'), 30)));
  });
});

describe('search', () => {
  test('searchProducts asks with the listing and keeps the answer under its key', async () => {
    const server = fakeServer(ok(results(12)));
    const store = createStore();
    const query = { ...emptyListing('search', 'desk lamp'), department: 9, minRating: 4 };
    await store.getState().searchProducts(query);
    assert.equal(server.calls[0]?.url, '/api/search?q=desk+lamp&department=9&minRating=4');
    assert.deepEqual(store.getState().products.searches[searchKey(query)], results(12));
  });

  test('suggestions are kept by their words, so a late answer to earlier words never shows for later ones', async () => {
    const early = heldReply();
    const server = fakeServer(early.reply, ok({ Suggestions: [{ kind: 'brand', name: 'Sony', count: 9 }] }));
    const store = createStore();
    const first = store.getState().listSearchSuggestions('so');
    while (server.calls.length < 1) await setImmediate();
    await store.getState().listSearchSuggestions(' son ');
    early.release({ status: 200, json: { Suggestions: [{ kind: 'department', id: 5, name: 'Sound' }] } });
    await first;
    assert.deepEqual(
      server.calls.map((c) => c.url),
      ['/api/search/suggestions?q=so', '/api/search/suggestions?q=son'],
    );
    const products = store.getState().products;
    assert.deepEqual(suggestionsFor(products, 'son'), [{ kind: 'brand', name: 'Sony', count: 9 }]);
    assert.deepEqual(suggestionsFor(products, 'so'), [{ kind: 'department', id: 5, name: 'Sound' }]);
  });
});
