import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fail, fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { favorite } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const storeWithFavorites = (...list: ReturnType<typeof favorite>[]) => {
  const store = createStore();
  store.setState({ favorites: { list, loaded: true, pending: [] } });
  return store;
};

describe('favorites (the heart)', () => {
  test('listFavorites loads the list the server has', async () => {
    const server = fakeServer(ok({ Products: [favorite(901, 61), favorite(900, 51)] }));
    const store = createStore();
    await store.getState().listFavorites();
    assert.equal(server.calls[0]?.url, '/api/favorites');
    assert.deepEqual(store.getState().favorites, {
      list: [favorite(901, 61), favorite(900, 51)],
      loaded: true,
      pending: [],
    });
  });

  test('toggling a product not favorited creates its favorite, first in the list', async () => {
    const server = fakeServer(ok(favorite(901, 61)));
    const store = storeWithFavorites(favorite(900, 51));
    await store.getState().toggleFavorite(61);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [
      ['POST', '/api/favorites', { productId: 61 }],
    ]);
    assert.deepEqual(store.getState().favorites.list, [favorite(901, 61), favorite(900, 51)]);
  });

  test('toggling a favorited product deletes its favorite by favoriteId', async () => {
    const server = fakeServer(ok({ message: 'Successfully deleted', id: 900 }));
    const store = storeWithFavorites(favorite(901, 61), favorite(900, 51));
    await store.getState().toggleFavorite(51);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['DELETE', '/api/favorites/900']]);
    assert.deepEqual(store.getState().favorites.list, [favorite(901, 61)]);
  });

  test('a second click while the first is pending sends no second call', async () => {
    const held = heldReply();
    const server = fakeServer(held.reply);
    const store = storeWithFavorites();
    const first = store.getState().toggleFavorite(61);
    assert.deepEqual(store.getState().favorites.pending, [61]);
    await store.getState().toggleFavorite(61);
    held.release({ status: 200, json: favorite(901, 61) });
    await first;
    assert.equal(server.calls.length, 1);
    assert.deepEqual(store.getState().favorites.list, [favorite(901, 61)]);
    assert.deepEqual(store.getState().favorites.pending, []);
  });

  test('another product’s heart is not blocked by a pending one', async () => {
    const held = heldReply();
    const server = fakeServer(held.reply, ok(favorite(902, 71)));
    const store = storeWithFavorites();
    const first = store.getState().toggleFavorite(61);
    await store.getState().toggleFavorite(71);
    held.release({ status: 200, json: favorite(901, 61) });
    await first;
    assert.deepEqual(server.calls.map((c) => c.body), [{ productId: 61 }, { productId: 71 }]);
    assert.deepEqual(
      store.getState().favorites.list.map((f) => f.productId),
      [61, 71],
    );
  });

  test('a list loaded while an add is in flight does not end up with the favorite twice', async () => {
    const held = heldReply();
    fakeServer(held.reply, ok({ Products: [favorite(900, 51), favorite(901, 61)] }));
    const store = storeWithFavorites(favorite(901, 61));
    const adding = store.getState().toggleFavorite(51);
    await store.getState().listFavorites(); // already holds the new favorite 900
    held.release({ status: 200, json: favorite(900, 51) });
    await adding;
    assert.deepEqual(
      store.getState().favorites.list.map((f) => f.favoriteId),
      [900, 901],
    );
  });

  test('a failed toggle changes nothing but clears the pending mark', async () => {
    fakeServer(fail(500, 'Internal server error'), fail(403, 'Forbidden'));
    const store = storeWithFavorites(favorite(900, 51));
    await assert.rejects(store.getState().toggleFavorite(61), { status: 500 });
    await assert.rejects(store.getState().toggleFavorite(51), { status: 403 });
    assert.deepEqual(store.getState().favorites, { list: [favorite(900, 51)], loaded: true, pending: [] });
  });
});

describe('addFavorite and removeFavorite, which the heart uses', () => {
  test('addFavorite posts the product and returns the favorite, put first once', async () => {
    const server = fakeServer(ok(favorite(901, 61)), ok(favorite(901, 61)));
    const store = storeWithFavorites(favorite(900, 51));
    assert.deepEqual(await store.getState().addFavorite(61), favorite(901, 61));
    await store.getState().addFavorite(61); // the server answers an existing favorite again
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [
      ['POST', '/api/favorites', { productId: 61 }],
      ['POST', '/api/favorites', { productId: 61 }],
    ]);
    assert.deepEqual(store.getState().favorites.list, [favorite(901, 61), favorite(900, 51)]);
  });

  test('the product page\'s heart sends the variant chosen, and a new favorite keeps it', async () => {
    const kept = { ...favorite(902, 25), variantId: 3, options: [{ name: 'Size', value: 'M' }] };
    const server = fakeServer(ok(kept));
    const store = storeWithFavorites();
    await store.getState().toggleFavorite(25, 3);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [['POST', '/api/favorites', { productId: 25, variantId: 3 }]]);
    assert.deepEqual(store.getState().favorites.list, [kept]);
  });

  test('removeFavorite deletes by favoriteId and drops only that favorite', async () => {
    const server = fakeServer(ok({ message: 'Successfully deleted', id: 900 }));
    const store = storeWithFavorites(favorite(901, 61), favorite(900, 51));
    await store.getState().removeFavorite(900);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['DELETE', '/api/favorites/900']]);
    assert.deepEqual(store.getState().favorites.list, [favorite(901, 61)]);
  });

  test('a failed add or remove changes nothing', async () => {
    fakeServer(fail(500, 'Internal server error'), fail(403, 'Forbidden'));
    const store = storeWithFavorites(favorite(900, 51));
    await assert.rejects(store.getState().addFavorite(61), { status: 500 });
    await assert.rejects(store.getState().removeFavorite(900), { status: 403 });
    assert.deepEqual(store.getState().favorites.list, [favorite(900, 51)]);
  });
});
