import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { cartLine } from '../test/fixtures.ts';
import { createStore } from './index.ts';

/** Figures no client could work out from the lines: the store must take them as they come. */
const priced = { subtotal: 123.45, discount: 6.17, total: 117.28 };

const storeWithCart = (...lines: ReturnType<typeof cartLine>[]) => {
  const store = createStore();
  store.setState({ cart: { lines, figures: priced, loaded: true } });
  return store;
};

describe('cart', () => {
  test('getCart loads the lines and the figures the server has', async () => {
    const lines = [cartLine(1, 51, 19.99), cartLine(2, 61, 5.01)];
    const server = fakeServer(ok({ Products: lines, subtotal: 25, discount: 1.25, total: 23.75 }));
    const store = createStore();
    assert.equal(store.getState().cart.loaded, false);
    await store.getState().getCart();
    assert.equal(server.calls[0]?.url, '/api/cart');
    assert.deepEqual(store.getState().cart, {
      lines,
      figures: { subtotal: 25, discount: 1.25, total: 23.75 },
      loaded: true,
    });
  });

  test('addToCart posts the product, then shows the server’s cart: the new line and its figures together', async () => {
    const refreshed = heldReply();
    const server = fakeServer(ok(cartLine(8, 61, 59.99)), refreshed.reply);
    const store = storeWithCart(cartLine(7, 51));
    const adding = store.getState().addToCart(61);
    while (server.calls.length < 2) await setImmediate(); // the add is answered, the refresh asked
    // Until the server prices the new cart, the old one shows whole: never new lines at old figures.
    assert.deepEqual(store.getState().cart.lines, [cartLine(7, 51)]);
    assert.deepEqual(store.getState().cart.figures, priced);
    refreshed.release({
      status: 200,
      json: { Products: [cartLine(7, 51), cartLine(8, 61, 59.99)], subtotal: 69.99, discount: 3.5, total: 66.49 },
    });
    assert.deepEqual(await adding, cartLine(8, 61, 59.99));
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body, c.headers['XSRF-Token']]), [
      ['POST', '/api/cart', { productId: 61 }, 'abc'],
      ['GET', '/api/cart', undefined, undefined],
    ]);
    assert.deepEqual(store.getState().cart, {
      lines: [cartLine(7, 51), cartLine(8, 61, 59.99)],
      figures: { subtotal: 69.99, discount: 3.5, total: 66.49 },
      loaded: true,
    });
  });

  test('a variant is added by its id; a product sold as one thing sends none', async () => {
    const server = fakeServer(
      ok({ ...cartLine(8, 61), variantId: 3 }),
      ok({ Products: [], subtotal: 0, discount: 0, total: 0 }),
      ok(cartLine(9, 51)),
      ok({ Products: [], subtotal: 0, discount: 0, total: 0 }),
    );
    const store = createStore();
    await store.getState().addToCart(61, 3);
    await store.getState().addToCart(51);
    assert.deepEqual(
      server.calls.filter((c) => c.method === 'POST').map((c) => c.body),
      [{ productId: 61, variantId: 3 }, { productId: 51 }],
    );
  });

  test('adding the same product twice makes two lines', async () => {
    fakeServer(
      ok(cartLine(1, 51)),
      ok({ Products: [cartLine(1, 51)], subtotal: 10, discount: 0.5, total: 9.5 }),
      ok(cartLine(2, 51)),
      ok({ Products: [cartLine(1, 51), cartLine(2, 51)], subtotal: 20, discount: 1, total: 19 }),
    );
    const store = createStore();
    await store.getState().addToCart(51);
    await store.getState().addToCart(51);
    assert.deepEqual(
      store.getState().cart.lines.map((l) => l.cartId),
      [1, 2],
    );
    assert.equal(store.getState().cart.figures.total, 19);
  });

  test('a failed add leaves the cart as it was and rejects with the server’s error', async () => {
    const server = fakeServer(fail(409, 'Your cart is full.', ['A cart holds at most 50 items.']));
    const store = storeWithCart(cartLine(7, 51));
    const before = store.getState().cart;
    const error = await store.getState().addToCart(61).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.message, 'Your cart is full.');
    assert.deepEqual(error.errors, ['A cart holds at most 50 items.']);
    assert.equal(store.getState().cart, before);
    assert.equal(server.calls.length, 1, 'nothing to refresh');
  });

  test('removeFromCart deletes by cartId, keeping other lines of the same product, then takes the server’s figures', async () => {
    const server = fakeServer(
      ok({ message: 'Successfully deleted', id: 2 }),
      ok({ Products: [cartLine(1, 51), cartLine(3, 61)], subtotal: 20, discount: 1, total: 19 }),
    );
    const store = storeWithCart(cartLine(1, 51), cartLine(2, 51), cartLine(3, 61));
    await store.getState().removeFromCart(2);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['DELETE', '/api/cart/2'],
      ['GET', '/api/cart'],
    ]);
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51), cartLine(3, 61)]);
    assert.deepEqual(store.getState().cart.figures, { subtotal: 20, discount: 1, total: 19 });
  });

  test('a failed remove keeps the line', async () => {
    fakeServer(fail(403, 'Forbidden'));
    const store = storeWithCart(cartLine(1, 51));
    await assert.rejects(store.getState().removeFromCart(1), { status: 403 });
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51)]);
  });

  test('a failed refresh still shows the change and does not fail the add or the remove', async () => {
    fakeServer(ok(cartLine(8, 61)), 'network-error', ok({ message: 'Successfully deleted', id: 7 }), 'network-error');
    const store = storeWithCart(cartLine(7, 51));
    assert.deepEqual(await store.getState().addToCart(61), cartLine(8, 61));
    assert.deepEqual(store.getState().cart.lines, [cartLine(7, 51), cartLine(8, 61)]);
    await store.getState().removeFromCart(7);
    assert.deepEqual(store.getState().cart.lines, [cartLine(8, 61)]);
  });

  test('a cart asked for before a change does not undo it when it answers late', async () => {
    const early = heldReply();
    fakeServer(
      early.reply,
      ok(cartLine(8, 61)),
      ok({ Products: [cartLine(7, 51), cartLine(8, 61)], subtotal: 20, discount: 1, total: 19 }),
    );
    const store = storeWithCart(cartLine(7, 51));
    const loading = store.getState().getCart();
    await store.getState().addToCart(61);
    early.release({ status: 200, json: { Products: [cartLine(7, 51)], subtotal: 10, discount: 0.5, total: 9.5 } });
    await loading;
    assert.deepEqual(store.getState().cart.lines, [cartLine(7, 51), cartLine(8, 61)]);
    assert.equal(store.getState().cart.figures.total, 19);
  });
});
