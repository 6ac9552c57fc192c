import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import { fail, fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { paymentMethod, quote, shippingMethod } from '../test/fixtures.ts';
import { createStore } from './index.ts';

describe('checkout', () => {
  test('listShippingMethods loads the methods, the default first', async () => {
    const express = shippingMethod(2, { name: 'Express delivery', price: 12.5, days: '1-2' });
    const server = fakeServer(ok({ ShippingMethods: [shippingMethod(1), express] }));
    const store = createStore();
    await store.getState().listShippingMethods();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/shipping-methods']]);
    assert.deepEqual(store.getState().checkout.methods, [shippingMethod(1), express]);
    assert.equal(store.getState().checkout.methodsLoaded, true);
  });

  test('listPaymentMethods loads the ways to pay, the RedCard first', async () => {
    const server = fakeServer(ok({ PaymentMethods: [paymentMethod('redcard'), paymentMethod('card')] }));
    const store = createStore();
    await store.getState().listPaymentMethods();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/payment-methods']]);
    assert.deepEqual(store.getState().checkout.paymentMethods, [paymentMethod('redcard'), paymentMethod('card')]);
    assert.equal(store.getState().checkout.paymentMethodsLoaded, true);
  });

  test('a quote for paying by card sends the method only, and keeps the answer for it', async () => {
    const answer = quote(25.3, { discounts: [], paymentMethod: 'card' });
    const server = fakeServer(ok(answer));
    const store = createStore();
    await store.getState().quoteCheckout({ payment: { method: 'card' } });
    assert.deepEqual(server.calls[0]?.body, { payment: { method: 'card' } });
    assert.deepEqual(store.getState().checkout.quote, answer);
  });

  test('a quote posts the choice and keeps the answer', async () => {
    const answer = quote(24.03, { addressId: 7, promotionCode: 'SPRING10' });
    const server = fakeServer(ok(answer));
    const store = createStore();
    assert.deepEqual(await store.getState().quoteCheckout({ addressId: 7, promotionCode: 'spring10' }), answer);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token']]), [
      ['POST', '/api/checkout/quote', 'abc'],
    ]);
    assert.deepEqual(server.calls[0]?.body, { addressId: 7, promotionCode: 'spring10' });
    assert.deepEqual(store.getState().checkout.quote, answer);
  });

  test("a refused code rejects with the server's reason and keeps the last quote", async () => {
    fakeServer(ok(quote(24.03)), fail(400, 'That promotion code has ended.', ['That promotion code has ended.']));
    const store = createStore();
    await store.getState().quoteCheckout({});
    const error = await store.getState().quoteCheckout({ promotionCode: 'OLD' }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.deepEqual(error.errors, ['That promotion code has ended.']);
    assert.deepEqual(store.getState().checkout.quote, quote(24.03));
  });

  test('an earlier answer that comes after a later one is not shown', async () => {
    const first = heldReply();
    fakeServer(first.reply, ok(quote(30)));
    const store = createStore();
    const earlier = store.getState().quoteCheckout({});
    await store.getState().quoteCheckout({ shippingMethodId: 2 });
    first.release({ status: 200, json: quote(20) });
    assert.deepEqual(await earlier, quote(20), 'the caller still gets its answer');
    assert.equal(store.getState().checkout.quote?.total, 30);
  });

  test('an earlier answer is shown when the later quote failed', async () => {
    const first = heldReply();
    fakeServer(first.reply, fail(400, 'That promotion code doesn’t exist.'));
    const store = createStore();
    const earlier = store.getState().quoteCheckout({});
    await assert.rejects(store.getState().quoteCheckout({ promotionCode: 'NOPE' }), { status: 400 });
    first.release({ status: 200, json: quote(20) });
    await earlier;
    assert.equal(store.getState().checkout.quote?.total, 20);
  });
});
