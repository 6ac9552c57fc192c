import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { cartLine } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const storeWithCart = (...lines: ReturnType<typeof cartLine>[]) => {
  const store = createStore();
  store.setState({ cart: { lines, loaded: true } });
  return store;
};

describe('cart (spec 4)', () => {
  test('getCart loads the lines the server has', async () => {
    const lines = [cartLine(1, 51, 19.99), cartLine(2, 61, 5.01)];
    const server = fakeServer(ok({ Products: lines, subtotal: 25 }));
    const store = createStore();
    assert.equal(store.getState().cart.loaded, false);
    await store.getState().getCart();
    assert.equal(server.calls[0]?.url, '/api/cart');
    assert.deepEqual(store.getState().cart, { lines, loaded: true });
  });

  test('addToCart posts the product and appends the line the server returns', async () => {
    const server = fakeServer(ok(cartLine(8, 61, 59.99)));
    const store = storeWithCart(cartLine(7, 51));
    const line = await store.getState().addToCart(61);
    assert.deepEqual(line, cartLine(8, 61, 59.99));
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body, c.headers['XSRF-Token']]), [
      ['POST', '/api/cart', { productId: 61 }, 'abc'],
    ]);
    assert.deepEqual(store.getState().cart.lines, [cartLine(7, 51), cartLine(8, 61, 59.99)]);
  });

  test('adding the same product twice makes two lines', async () => {
    fakeServer(ok(cartLine(1, 51)), ok(cartLine(2, 51)));
    const store = createStore();
    await store.getState().addToCart(51);
    await store.getState().addToCart(51);
    assert.deepEqual(
      store.getState().cart.lines.map((l) => l.cartId),
      [1, 2],
    );
  });

  test('a failed add leaves the cart as it was and rejects with the server’s error', async () => {
    fakeServer(fail(409, 'Your cart is full.', ['A cart holds at most 50 items.']));
    const store = storeWithCart(cartLine(7, 51));
    const before = store.getState().cart;
    const error = await store.getState().addToCart(61).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.message, 'Your cart is full.');
    assert.deepEqual(error.errors, ['A cart holds at most 50 items.']);
    assert.equal(store.getState().cart, before);
  });

  test('removeFromCart deletes by cartId, keeping other lines of the same product', async () => {
    const server = fakeServer(ok({ message: 'Successfully deleted', id: 2 }));
    const store = storeWithCart(cartLine(1, 51), cartLine(2, 51), cartLine(3, 61));
    await store.getState().removeFromCart(2);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['DELETE', '/api/cart/2']]);
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51), cartLine(3, 61)]);
  });

  test('a failed remove keeps the line', async () => {
    fakeServer(fail(403, 'Forbidden'));
    const store = storeWithCart(cartLine(1, 51));
    await assert.rejects(store.getState().removeFromCart(1), { status: 403 });
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51)]);
  });
});
