import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { cartLine, favorite, inboxMail, order, review, stockAlert, user } from '../test/fixtures.ts';
import { createStore } from './index.ts';

describe('getSession, the startup session check', () => {
  test('runs once, then marks the app loaded with the user', async () => {
    const held = heldReply();
    const server = fakeServer(held.reply);
    const store = createStore();
    const first = store.getState().getSession();
    const second = store.getState().getSession();
    assert.equal(store.getState().session.loaded, false, 'not loaded while the check runs');
    held.release({ status: 200, json: { user: user() } });
    await Promise.all([first, second]);
    await store.getState().getSession();
    assert.equal(server.calls.length, 1);
    assert.deepEqual(server.calls[0], {
      method: 'GET',
      url: '/api/session',
      headers: { Accept: 'application/json' },
      body: undefined,
    });
    assert.deepEqual(store.getState().session, { user: user(), demo: null, loaded: true });
  });

  test('whoIsHere waits for the check under way, then answers the shopper it found', async () => {
    const held = heldReply();
    fakeServer(held.reply);
    const store = createStore();
    void store.getState().getSession();
    const asked = store.getState().whoIsHere();
    assert.equal(store.getState().session.user, null, 'nobody known yet');
    held.release({ status: 200, json: { user: user() } });
    assert.deepEqual(await asked, user(), 'the signed-in shopper, not a visitor');
    assert.deepEqual(await store.getState().whoIsHere(), user(), 'and at once afterwards');
  });

  test('in a public demo, keeps what the server says of it beside the user', async () => {
    const demo = { endsAfterMinutes: 1440, viewer: { username: 'admin', password: 'look-around' } };
    fakeServer(ok({ user: null, demo }));
    const store = createStore();
    await store.getState().getSession();
    assert.deepEqual(store.getState().session, { user: null, demo, loaded: true });
    store.setState({ session: { user: null, demo, loaded: true } });
    fakeServer(ok({ user: user() }));
    await store.getState().signIn('demo', 'password');
    assert.deepEqual(store.getState().session.demo, demo, 'signing in keeps it: the store is still a demo');
  });

  test('with nobody signed in, loads with no user', async () => {
    fakeServer(ok({ user: null }));
    const store = createStore();
    await store.getState().getSession();
    assert.deepEqual(store.getState().session, { user: null, demo: null, loaded: true });
  });

  for (const [what, reply] of [
    ['answers 500', fail(500, 'Internal server error')],
    ['cannot reach the server', 'network-error'],
  ] as const) {
    test(`that ${what} still loads the app, with no user, and does not reject`, async () => {
      fakeServer(reply);
      const store = createStore();
      await store.getState().getSession();
      assert.deepEqual(store.getState().session, { user: null, demo: null, loaded: true });
    });
  }
});

describe('signing in and up (no user becomes user)', () => {
  test('signIn posts the credentials and sets the user', async () => {
    const server = fakeServer(ok({ user: user() }));
    const store = createStore();
    assert.deepEqual(await store.getState().signIn('demo', 'password'), user());
    assert.equal(server.calls[0]?.method, 'POST');
    assert.equal(server.calls[0]?.url, '/api/session');
    assert.deepEqual(server.calls[0]?.body, { credential: 'demo', password: 'password' });
    assert.deepEqual(store.getState().session, { user: user(), demo: null, loaded: true });
  });

  test('a refused sign-in rejects with the server message and sets no user', async () => {
    fakeServer(fail(401, 'The provided credentials were invalid.'));
    const store = createStore();
    await assert.rejects(store.getState().signIn('demo', 'wrong'), {
      name: 'ApiError',
      status: 401,
      message: 'The provided credentials were invalid.',
    });
    assert.equal(store.getState().session.user, null);
  });

  test('signUp posts the new shopper and sets the user', async () => {
    const server = fakeServer(ok({ user: user({ id: 2, username: 'ada' }) }));
    const store = createStore();
    const input = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret',
    };
    await store.getState().signUp(input);
    assert.equal(server.calls[0]?.url, '/api/users');
    assert.deepEqual(server.calls[0]?.body, input);
    assert.equal(store.getState().session.user?.username, 'ada');
  });

  test('a refused sign-up carries the errors list, line by line', async () => {
    fakeServer(fail(409, 'Validation error', ['Username already exists.']));
    const store = createStore();
    const error = await store
      .getState()
      .signUp({ firstName: 'Ada', lastName: 'Lovelace', username: 'demo', email: 'a@b.c', password: 'secret' })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual(error.errors, ['Username already exists.']);
    assert.equal(store.getState().session.user, null);
  });
});

/** A store as the previous shopper left it: signed in, with a cart, favorites, orders and reviews. */
function storeOfAShopper() {
  const store = createStore();
  store.setState({
    session: { user: user(), demo: null, loaded: true },
    cart: { lines: [cartLine(1, 51)], figures: { subtotal: 10, discount: 0.5, total: 9.5 }, loaded: true },
    favorites: { list: [favorite(900, 51)], loaded: true, pending: [] },
    orders: { list: [order(3)], loaded: true },
    reviews: { mine: [review(4, 51)], loaded: true },
    account: { pendingEmail: 'new@market.test', loaded: true },
    inbox: { mails: [inboxMail(1)], loaded: true },
    stockAlerts: { list: [stockAlert(1, 61)], loaded: true },
    departments: { list: [{ id: 5, name: 'Electronics', url: '' }], listings: {} },
  });
  return store;
}

function assertNoShopperState(store: ReturnType<typeof createStore>) {
  const s = store.getState();
  assert.deepEqual(s.cart, { lines: [], figures: { subtotal: 0, discount: 0, total: 0 }, loaded: false });
  assert.deepEqual(s.favorites, { list: [], loaded: false, pending: [] });
  assert.deepEqual(s.orders, { list: [], loaded: false });
  assert.deepEqual(s.reviews, { mine: [], loaded: false });
  assert.deepEqual(s.account, { pendingEmail: null, loaded: false });
  assert.deepEqual(s.inbox, { mails: [], loaded: false });
  assert.deepEqual(s.stockAlerts, { list: [], loaded: false });
}

describe('signing out (user becomes none)', () => {
  test('clears the user and everything of the shopper, not the catalog', async () => {
    const server = fakeServer(ok({ message: 'success' }));
    const store = storeOfAShopper();
    await store.getState().signOut();
    assert.equal(server.calls[0]?.method, 'DELETE');
    assert.equal(server.calls[0]?.url, '/api/session');
    assert.equal(server.calls[0]?.headers['XSRF-Token'], 'abc');
    assert.deepEqual(store.getState().session, { user: null, demo: null, loaded: true });
    assertNoShopperState(store);
    assert.equal(store.getState().departments.list.length, 1);
  });

  test('a failed sign-out keeps the shopper signed in, as the server still does', async () => {
    fakeServer(fail(500, 'Internal server error'));
    const store = storeOfAShopper();
    await assert.rejects(store.getState().signOut(), { status: 500 });
    assert.deepEqual(store.getState().session.user, user());
    assert.equal(store.getState().cart.lines.length, 1);
  });

  test('signing in as someone else does not show the previous shopper’s things', async () => {
    fakeServer(ok({ user: user({ id: 2, username: 'ada' }) }));
    const store = storeOfAShopper();
    await store.getState().signIn('ada', 'secret');
    assert.equal(store.getState().session.user?.id, 2);
    assertNoShopperState(store);
  });
});
