import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { ApiError, del, get, patch, post, put } from './client.ts';

describe('requests (JSON and an anti-forgery header on non-GET calls)', () => {
  test('a GET sends neither a content type nor the anti-forgery header', async () => {
    const server = fakeServer(ok({ Departments: [] }));
    assert.deepEqual(await get('/api/departments'), { Departments: [] });
    const [call] = server.calls;
    assert.equal(call?.method, 'GET');
    assert.equal(call?.url, '/api/departments');
    assert.deepEqual(call?.headers, { Accept: 'application/json' });
    assert.equal(call?.body, undefined);
  });

  test('POST, PUT, PATCH and DELETE send JSON and the XSRF-TOKEN cookie as XSRF-Token', async () => {
    const server = fakeServer(ok({}), ok({}), ok({}), ok({}));
    await post('/api/cart', { productId: 7 });
    await put('/api/reviews/3', { rating: 4 });
    await patch('/api/admin/orders/5', { status: 'Packed' });
    await del('/api/cart/9');
    assert.deepEqual(
      server.calls.map((c) => [c.method, c.url, c.headers['Content-Type'], c.headers['XSRF-Token'], c.body]),
      [
        ['POST', '/api/cart', 'application/json', 'abc', { productId: 7 }],
        ['PUT', '/api/reviews/3', 'application/json', 'abc', { rating: 4 }],
        ['PATCH', '/api/admin/orders/5', 'application/json', 'abc', { status: 'Packed' }],
        ['DELETE', '/api/cart/9', 'application/json', 'abc', undefined],
      ],
    );
  });

  test('a POST without a payload sends an empty object', async () => {
    const server = fakeServer(ok({}));
    await post('/api/orders');
    assert.deepEqual(server.calls[0]?.body, {});
  });

  test('the cookie value is URL-decoded and found among other cookies', async () => {
    const server = fakeServer(ok({}));
    (globalThis as { document: unknown }).document = { cookie: 'a=1; XSRF-TOKEN=x%2By%3D; b=2' };
    await post('/api/cart', {});
    assert.equal(server.calls[0]?.headers['XSRF-Token'], 'x+y=');
  });

  test('without the cookie no anti-forgery header is made up', async () => {
    const server = fakeServer(ok({}));
    (globalThis as { document: unknown }).document = { cookie: 'MY-XSRF-TOKEN=zzz' };
    await post('/api/cart', {});
    assert.equal('XSRF-Token' in (server.calls[0]?.headers ?? {}), false);
  });
});

describe('a stale anti-forgery token', () => {
  test('is refreshed by a session check and the call is sent once more', async () => {
    const server = fakeServer(
      fail(403, 'Missing or invalid anti-forgery token. Reload the page and try again.'),
      ok({ user: null }),
      ok({ user: { id: 1 } }),
    );
    assert.deepEqual(await post('/api/session', { credential: 'demo' }), { user: { id: 1 } });
    assert.deepEqual(
      server.calls.map((c) => [c.method, c.url]),
      [
        ['POST', '/api/session'],
        ['GET', '/api/session'],
        ['POST', '/api/session'],
      ],
    );
  });

  test('refused again is an ApiError, and other 403s are not sent twice', async () => {
    const stale = 'Missing or invalid anti-forgery token. Reload the page and try again.';
    let server = fakeServer(fail(403, stale), ok({ user: null }), fail(403, stale));
    const error = await post('/api/cart', {}).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError && error.status === 403);
    assert.equal(server.calls.length, 3);
    server = fakeServer(fail(403, 'Staff only.'));
    await post('/api/admin/products', {}).catch(() => undefined);
    assert.equal(server.calls.length, 1);
  });
});

describe('failures (any status of 400 or above)', () => {
  test('become an ApiError with the status, message and errors of the answer', async () => {
    fakeServer(fail(400, 'Bad request', ['Please write a longer title.', 'Please enter a rating.']));
    const error = await post('/api/products/1/reviews', {}).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'ApiError');
    assert.equal(error.status, 400);
    assert.equal(error.message, 'Bad request');
    assert.deepEqual(error.errors, ['Please write a longer title.', 'Please enter a rating.']);
  });

  test('an order the store cannot fill names each product short; a sign-in may ask for a code', async () => {
    const shortage = { productId: 53, name: 'Lamp', wanted: 3, left: 2 };
    fakeServer({ status: 409, json: { message: 'Some items…', errors: ['Only 2 of Lamp are left; your cart holds 3.'], shortages: [shortage] } });
    const short = await post('/api/orders', {}).catch((e: unknown) => e);
    assert.ok(short instanceof ApiError);
    assert.deepEqual([short.shortages, short.secondFactor], [[shortage], false]);

    fakeServer({ status: 401, json: { message: 'Enter the 6-digit code from your authenticator app.', errors: [], secondFactor: true } });
    const asked = await post('/api/session', {}).catch((e: unknown) => e);
    assert.ok(asked instanceof ApiError);
    assert.deepEqual([asked.shortages, asked.secondFactor], [[], true]);
  });

  test('every status from 400 up fails, 200-299 do not', async () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429, 500, 503]) {
      fakeServer({ status, json: { message: `status ${status}`, errors: [] } });
      await assert.rejects(get('/api/session'), { name: 'ApiError', status, message: `status ${status}` });
    }
    fakeServer({ status: 201, json: { id: 1 } });
    assert.deepEqual(await get('/api/x'), { id: 1 });
  });

  test('an answer that is not JSON still fails with the status', async () => {
    fakeServer({ status: 502 });
    await assert.rejects(get('/api/cart'), {
      name: 'ApiError',
      status: 502,
      message: 'Request failed (502)',
      errors: [],
    });
  });

  test('a network failure is passed on as it is', async () => {
    fakeServer('network-error');
    await assert.rejects(get('/api/cart'), (e: unknown) => e instanceof TypeError && !(e instanceof ApiError));
  });
});
