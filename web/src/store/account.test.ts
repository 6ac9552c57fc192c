import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { inboxMail, user } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const signedIn = (over = {}) => {
  const store = createStore();
  store.setState({ session: { user: user({ id: 7, email: 'ada@market.test', ...over }), demo: null, loaded: true } });
  return store;
};

describe('account settings', () => {
  test('getAccount keeps the user the server has and the address waiting for its link', async () => {
    const server = fakeServer(ok({ user: user({ id: 7, firstName: 'Ada' }), pendingEmail: 'new@market.test' }));
    const store = signedIn();
    await store.getState().getAccount();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/account']]);
    assert.equal(store.getState().session.user?.firstName, 'Ada');
    assert.deepEqual(store.getState().account, { pendingEmail: 'new@market.test', loaded: true });
  });

  test('a change is patched with the password; the new name shows everywhere at once', async () => {
    const answer = { user: user({ id: 7, firstName: 'Augusta', email: 'ada@market.test' }), pendingEmail: 'new@market.test' };
    const server = fakeServer(ok(answer));
    const store = signedIn();
    const change = { firstName: 'Augusta', email: 'new@market.test', currentPassword: 'secret' };
    assert.deepEqual(await store.getState().changeAccount(change), answer);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token'], c.body]), [
      ['PATCH', '/api/account', 'abc', change],
    ]);
    // The address in effect stays the old one until the link is opened.
    assert.equal(store.getState().session.user?.email, 'ada@market.test');
    assert.equal(store.getState().session.user?.firstName, 'Augusta');
    assert.equal(store.getState().account.pendingEmail, 'new@market.test');
  });

  test('an answer about an account no longer signed in here changes nothing', async () => {
    fakeServer(ok({ user: user({ id: 7, firstName: 'Augusta' }), pendingEmail: null }));
    const store = signedIn();
    const asking = store.getState().getAccount();
    store.setState({ session: { user: user({ id: 8 }), demo: null, loaded: true } });
    await asking;
    assert.equal(store.getState().session.user?.id, 8);
    assert.equal(store.getState().account.loaded, false);
  });

  test("a refused change keeps the account as it was, with the server's lines", async () => {
    fakeServer(fail(400, 'Invalid input', ['The current password is not right.']));
    const store = signedIn();
    const error = await store.getState().changeAccount({ lastName: 'L', currentPassword: 'nope' }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual(error.errors, ['The current password is not right.']);
    assert.equal(store.getState().session.user?.lastName, 'Shopper');
  });

  test('a password change is put with the current one and answers the message', async () => {
    const server = fakeServer(ok({ message: 'Your password is changed. Your other devices are signed out.' }));
    const store = signedIn();
    const message = await store.getState().changePassword({ currentPassword: 'old-one', password: 'new-one' });
    assert.equal(message, 'Your password is changed. Your other devices are signed out.');
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [
      ['PUT', '/api/account/password', { currentPassword: 'old-one', password: 'new-one' }],
    ]);
  });

  test('confirming a new address waits for the session check, posts the token, then reads the signed-in account again', async () => {
    const server = fakeServer(
      // Who is here: the app's startup check (in the app, under way or settled already).
      ok({ user: user({ id: 7, email: 'ada@market.test' }) }),
      ok({ message: 'Your e-mail is now new@market.test.' }),
      ok({ user: user({ id: 7, email: 'new@market.test' }), pendingEmail: null }),
    );
    const store = signedIn();
    assert.equal(await store.getState().confirmEmail('tok'), 'Your e-mail is now new@market.test.');
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.body]), [
      ['GET', '/api/session', undefined],
      ['POST', '/api/account/email-confirmations', { token: 'tok' }],
      ['GET', '/api/account', undefined],
    ]);
    assert.equal(store.getState().session.user?.email, 'new@market.test');
  });

  test('confirming signed out only posts the token, after the session check', async () => {
    const server = fakeServer(ok({ user: null }), ok({ message: 'Done.' }));
    const store = createStore();
    await store.getState().confirmEmail('tok');
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['GET', '/api/session'],
      ['POST', '/api/account/email-confirmations'],
    ]);
  });
});

describe('inbox', () => {
  test("listInbox loads the shopper's mails, newest first", async () => {
    const server = fakeServer(ok({ mails: [inboxMail(2), inboxMail(1)] }));
    const store = signedIn();
    await store.getState().listInbox();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/account/inbox']]);
    assert.deepEqual(store.getState().inbox, { mails: [inboxMail(2), inboxMail(1)], loaded: true });
  });
});
