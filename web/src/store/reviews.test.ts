import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { describe, test } from 'node:test';
import type { Product } from '../api/types.ts';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { review } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const input = { rating: 4, title: 'Sturdy', description: 'Held up to two cats for a year.' };

const storeWithMyReviews = (...mine: ReturnType<typeof review>[]) => {
  const store = createStore();
  store.setState({ reviews: { mine, loaded: true } });
  return store;
};

describe('my reviews (create, update and delete update the list)', () => {
  test('listMyReviews loads the shopper’s reviews', async () => {
    const server = fakeServer(ok({ Reviews: [review(2, 61), review(1, 51)] }));
    const store = createStore();
    await store.getState().listMyReviews();
    assert.equal(server.calls[0]?.url, '/api/reviews/current');
    assert.deepEqual(store.getState().reviews, { mine: [review(2, 61), review(1, 51)], loaded: true });
  });

  test('createReview posts to the product and puts the review first', async () => {
    const server = fakeServer(ok(review(3, 71, 'Sturdy')));
    const store = storeWithMyReviews(review(1, 51));
    assert.deepEqual(await store.getState().createReview(71, input), review(3, 71, 'Sturdy'));
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body, c.headers['XSRF-Token']]), [
      ['POST', '/api/products/71/reviews', input, 'abc'],
    ]);
    assert.deepEqual(store.getState().reviews.mine, [review(3, 71, 'Sturdy'), review(1, 51)]);
  });

  test('updateReview puts the answered review in its place', async () => {
    const server = fakeServer(ok(review(1, 51, 'Sturdy')));
    const store = storeWithMyReviews(review(2, 61), review(1, 51), review(0, 41));
    await store.getState().updateReview(1, input);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [['PUT', '/api/reviews/1', input]]);
    assert.deepEqual(store.getState().reviews.mine, [review(2, 61), review(1, 51, 'Sturdy'), review(0, 41)]);
  });

  test('deleteReview removes the review by id', async () => {
    const server = fakeServer(ok({ message: 'Successfully deleted', id: 1 }));
    const store = storeWithMyReviews(review(2, 61), review(1, 51));
    await store.getState().deleteReview(1);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['DELETE', '/api/reviews/1']]);
    assert.deepEqual(store.getState().reviews.mine, [review(2, 61)]);
  });

  test('a refused review rejects with the errors to show and changes nothing', async () => {
    fakeServer(
      fail(400, 'Bad request', ['Please write a longer title.']),
      fail(403, 'Forbidden'),
      fail(404, 'Not found'),
    );
    const store = storeWithMyReviews(review(1, 51));
    const error = await store.getState().createReview(51, input).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual(error.errors, ['Please write a longer title.']);
    await assert.rejects(store.getState().updateReview(1, input), { status: 403 });
    await assert.rejects(store.getState().deleteReview(1), { status: 404 });
    assert.deepEqual(store.getState().reviews.mine, [review(1, 51)]);
  });
});

describe('a review write changes only the shopper’s review list', () => {
  const product = { id: 51, departmentId: 5, name: 'Product 51', avgRating: 5, numReviews: 1 } as Product;
  const opened = () => ({
    products: { byId: { 51: product }, reviews: { 51: [review(3, 51)] }, searches: {}, suggestions: {} },
    departments: {
      list: [],
      listings: {
        '5?': { id: 5, name: 'Electronics', url: '', Products: [], total: 0, page: 1, pages: 1, facets: { brands: [], ratings: [], prices: [], inStock: 0, options: [] } },
      },
    },
  });

  for (const [action, reply, write] of [
    ['creating', ok(review(3, 51, 'Sturdy')), (store: ReturnType<typeof createStore>) => store.getState().createReview(51, input)],
    ['updating', ok(review(3, 51, 'Sturdy')), (store: ReturnType<typeof createStore>) => store.getState().updateReview(3, input)],
    ['deleting', ok({ message: 'Successfully deleted', id: 3 }), (store: ReturnType<typeof createStore>) => store.getState().deleteReview(3)],
  ] as const) {
    test(`${action} a review of an opened product sends one call and leaves the catalog as loaded`, async () => {
      const server = fakeServer(reply);
      const store = storeWithMyReviews(review(3, 51));
      store.setState(opened());
      await write(store);
      await setImmediate();
      assert.equal(server.calls.length, 1, server.calls.map((c) => `${c.method} ${c.url}`).join(', '));
      // The product page fetches these again when it opens.
      assert.deepEqual(store.getState().products, opened().products);
      assert.deepEqual(store.getState().departments, opened().departments);
    });
  }
});
