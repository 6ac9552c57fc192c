import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { carryFirstAnswers, firstAnswers } from '../api/firstAnswers.ts';
import { ApiError } from '../api/client.ts';
import type { DepartmentWithProducts, Product } from '../api/types.ts';
import { emptyListing, parseListing } from '../lib/listingQuery.ts';
import { fakeServer, ok } from '../test/fakeFetch.ts';
import { address, cartLine, favorite, paymentMethod, quote, shippingMethod, user } from '../test/fixtures.ts';
import { departmentListingKey } from './departments.ts';
import { beginWith } from './firstAnswers.ts';
import { createStore } from './index.ts';
import { searchKey } from './products.ts';

const facets = { brands: [], ratings: [], prices: [], inStock: 0, options: [] };
const listing: DepartmentWithProducts = { id: 5, name: 'Electronics', url: '/5.webp', Products: [], total: 0, page: 1, pages: 1, facets };
const product = { id: 51, name: 'TV' } as Product;

describe('the answers a page comes with', () => {
  test('the store begins with each under the key its action keeps it at', () => {
    const sorted = parseListing('department', 'brand=Acme+Co&sort=price-asc');
    const search = parseListing('search', 'q=desk+lamp&page=2');
    carryFirstAnswers({
      '/api/departments': { status: 200, body: { Departments: [{ id: 5, name: 'Electronics', url: '/5.webp' }] } },
      '/api/departments/5/products': { status: 200, body: listing },
      '/api/departments/5/products?brand=Acme+Co&sort=price-asc': { status: 200, body: { ...listing, total: 1 } },
      '/api/products/51': { status: 200, body: product },
      '/api/products/51/reviews': { status: 200, body: { Reviews: [] } },
      '/api/search?q=desk+lamp&page=2': { status: 200, body: { ...listing, total: 2 } },
      '/api/products/52': { status: 404, body: { message: 'Product couldn\u2019t be found', errors: [] } },
    });
    const store = createStore();
    beginWith(store, firstAnswers());
    const s = store.getState();
    assert.equal(s.departments.list[0]?.name, 'Electronics');
    assert.equal(s.departments.listings[departmentListingKey(5, emptyListing('department'))]?.total, 0);
    assert.equal(s.departments.listings[departmentListingKey(5, sorted)]?.total, 1);
    assert.equal(s.products.byId[51], product);
    assert.deepEqual(s.products.reviews[51], []);
    assert.equal(s.products.searches[searchKey(search)]?.total, 2);
    assert.equal(s.products.byId[52], undefined, 'a 404 is no product');
  });

  test('a listing the address spells otherwise than the app is found under the app\'s spelling too', async () => {
    // A link with %20 for a space and the parameters in another order, as crawlers and
    // other sites write them.
    carryFirstAnswers({
      '/api/search?q=garden%20hose': { status: 200, body: { ...listing, total: 3 } },
      '/api/departments/5/products?page=2&sort=rating': { status: 200, body: { ...listing, total: 4 } },
      '/api/departments/5/products?sort=rating&limit=9': { status: 200, body: { ...listing, total: 9 } },
    });
    const store = createStore();
    beginWith(store, firstAnswers());
    const s = store.getState();
    assert.equal(s.products.searches[searchKey(parseListing('search', 'q=garden+hose'))]?.total, 3);
    assert.equal(s.departments.listings[departmentListingKey(5, parseListing('department', 'sort=rating&page=2'))]?.total, 4);
    const server = fakeServer(ok({ ...listing, total: 5 }));
    await store.getState().searchProducts(parseListing('search', 'q=garden+hose'));
    assert.equal(server.calls.length, 0, 'the search was answered from the page');
  });

  test('a request the page answered is answered from it once, then from the server', async () => {
    carryFirstAnswers({
      '/api/products/51': { status: 200, body: product },
      '/api/products/52': { status: 404, body: { message: 'Product couldn\u2019t be found', errors: [] } },
    });
    const server = fakeServer(ok({ ...product, name: 'TV, again' }));
    const store = createStore();
    await store.getState().getProduct(51);
    assert.equal(server.calls.length, 0);
    await assert.rejects(store.getState().getProduct(52), (e) => e instanceof ApiError && e.status === 404);
    assert.equal(server.calls.length, 0, 'the 404 came with the page too');
    await store.getState().getProduct(51);
    assert.deepEqual(server.calls.map((c) => c.url), ['/api/products/51']);
    assert.equal(store.getState().products.byId[51]?.name, 'TV, again');
  });

  test("a shopper's checkout page: the store begins signed in as them, with their cart, book, ways and the quote", async () => {
    const line = cartLine(1, 51, 599.99);
    carryFirstAnswers({
      '/api/session': { status: 200, body: { user: user({ id: 7 }) } },
      '/api/cart': { status: 200, body: { Products: [line], subtotal: 599.99, discount: 30, total: 569.99 } },
      '/api/favorites': { status: 200, body: { Products: [favorite(3, 61)] } },
      '/api/addresses': { status: 200, body: { Addresses: [address(2)] } },
      '/api/shipping-methods': { status: 200, body: { ShippingMethods: [shippingMethod(1)] } },
      '/api/payment-methods': { status: 200, body: { PaymentMethods: [paymentMethod('redcard'), paymentMethod('card')] } },
      '/api/checkout/quote': { status: 200, body: quote(569.99) },
    });
    const store = createStore();
    beginWith(store, firstAnswers());
    const s = store.getState();
    assert.deepEqual(s.session, { user: user({ id: 7 }), demo: null, loaded: true });
    assert.deepEqual(s.cart, { lines: [line], figures: { subtotal: 599.99, discount: 30, total: 569.99 }, loaded: true });
    assert.deepEqual(s.favorites.list, [favorite(3, 61)]);
    assert.deepEqual(s.addresses, { list: [address(2)], loaded: true });
    assert.deepEqual(s.checkout.methods, [shippingMethod(1)]);
    assert.deepEqual(s.checkout.paymentMethods.map((m) => m.id), ['redcard', 'card']);
    assert.deepEqual([s.checkout.quote, s.checkout.quoteCarried], [quote(569.99), true]);

    // Each GET is then answered from the page once; the next quote is asked, and is no longer the page's.
    const server = fakeServer(ok(quote(500)));
    await s.getSession();
    await s.listAddresses();
    assert.equal(server.calls.length, 0, 'answered from the page');
    await s.quoteCheckout({});
    assert.deepEqual(server.calls.map((c) => `${c.method} ${c.url}`), ['POST /api/checkout/quote']);
    assert.deepEqual([store.getState().checkout.quote, store.getState().checkout.quoteCarried], [quote(500), false]);
  });
});

