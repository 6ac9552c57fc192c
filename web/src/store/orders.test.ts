import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import type { Stripe, StripeElements } from '../lib/stripe.ts';
import { payByStripe } from '../lib/stripePayment.ts';
import { fail, fakeServer, heldReply, ok } from '../test/fakeFetch.ts';
import { cartLine, order, quote, shippingMethod } from '../test/fixtures.ts';
import { createStore } from './index.ts';

/**
 * A cart of 19.99 + 5.01 + 0.10 + 0.20 as the server priced it (25.30, less 1.27, is 24.03),
 * and one earlier order.
 */
function storeReadyToOrder() {
  const store = createStore();
  store.setState({
    cart: {
      lines: [cartLine(1, 51, 19.99), cartLine(2, 61, 5.01), cartLine(3, 7, 0.1), cartLine(4, 7, 0.2)],
      figures: { subtotal: 25.3, discount: 1.27, total: 24.03 },
      loaded: true,
    },
    orders: { list: [order(1)], loaded: true },
  });
  return store;
}

describe('orders', () => {
  test('listOrders loads the list the server has', async () => {
    const server = fakeServer(ok({ Orders: [order(2), order(1)] }));
    const store = createStore();
    await store.getState().listOrders();
    assert.equal(server.calls[0]?.url, '/api/orders');
    assert.deepEqual(store.getState().orders, { list: [order(2), order(1)], loaded: true });
  });

  test('placeOrder posts the server’s total and every product of the cart', async () => {
    const server = fakeServer(ok(order(2, 24.03)));
    const store = storeReadyToOrder();
    await store.getState().placeOrder();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token']]), [
      ['POST', '/api/orders', 'abc'],
    ]);
    assert.deepEqual(server.calls[0]?.body, {
      total: 24.03,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
    });
  });

  test('a read of the cart asked before an order and answered after it leaves the cart empty', async () => {
    // The app reads the cart as it starts; a shopper quick to order beats that answer.
    const before = heldReply();
    fakeServer(before.reply, ok(order(2, 24.03)));
    const store = storeReadyToOrder();
    const reading = store.getState().getCart();
    await store.getState().placeOrder();
    before.release({ status: 200, json: { Products: [cartLine(1, 51, 19.99)], subtotal: 19.99, discount: 1, total: 18.99 } });
    await reading;
    assert.deepEqual(store.getState().cart, {
      lines: [],
      figures: { subtotal: 0, discount: 0, total: 0 },
      loaded: true,
    });
  });

  test('a placed order comes first in the list and the cart is empty (and known to be)', async () => {
    fakeServer(ok(order(2, 24.03)));
    const store = storeReadyToOrder();
    assert.deepEqual(await store.getState().placeOrder(), order(2, 24.03));
    assert.deepEqual(store.getState().orders.list, [order(2, 24.03), order(1)]);
    assert.deepEqual(store.getState().cart, {
      lines: [],
      figures: { subtotal: 0, discount: 0, total: 0 },
      loaded: true,
    });
  });

  test('the total sent is the one the server quoted, whatever the lines add up to', async () => {
    const server = fakeServer(ok(order(2, 9.99)));
    const store = createStore();
    store.setState({
      cart: { lines: [cartLine(1, 51, 10)], figures: { subtotal: 10.52, discount: 0.53, total: 9.99 }, loaded: true },
    });
    await store.getState().placeOrder();
    assert.deepEqual(server.calls[0]?.body, { total: 9.99, products: [{ productId: 51 }] });
  });

  test('a stale cart (409) reloads the cart from the server and rethrows', async () => {
    const server = fakeServer(
      fail(409, 'Your cart changed. Please review it and place the order again.'),
      ok({ Products: [cartLine(1, 51, 21.99)], subtotal: 21.99, discount: 1.1, total: 20.89 }),
    );
    const store = storeReadyToOrder();
    const error = await store.getState().placeOrder().catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.message, 'Your cart changed. Please review it and place the order again.');
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['POST', '/api/orders'],
      ['GET', '/api/cart'],
    ]);
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51, 21.99)]);
    assert.deepEqual(store.getState().cart.figures, { subtotal: 21.99, discount: 1.1, total: 20.89 });
    assert.deepEqual(store.getState().orders.list, [order(1)]);
  });

  test('an empty cart on the server (400) reloads the cart too', async () => {
    fakeServer(fail(400, 'Your cart is empty.'), ok({ Products: [], subtotal: 0, discount: 0, total: 0 }));
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(), { status: 400 });
    assert.deepEqual(store.getState().cart, {
      lines: [],
      figures: { subtotal: 0, discount: 0, total: 0 },
      loaded: true,
    });
  });

  test('the order error is the one rethrown even when the reload fails', async () => {
    fakeServer(fail(409, 'Your cart changed.'), 'network-error');
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(), { status: 409, message: 'Your cart changed.' });
    assert.equal(store.getState().cart.lines.length, 4);
  });

  test('each checkout attempt has its own Idempotency-Key; a retry after no answer reuses it', async () => {
    const server = fakeServer('network-error', ok(order(2, 24.03)), fail(500, 'Oops'), fail(500, 'Oops'));
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(), TypeError);
    await store.getState().placeOrder();
    const keys = () => server.calls.map((c) => c.headers['Idempotency-Key']);
    const [first, retried] = keys();
    assert.match(first ?? '', /^[0-9a-f-]{32,36}$/);
    assert.equal(retried, first, 'the same attempt, sent again');

    // Answered attempts (an order, or an error) are over: the next one is new.
    store.setState({ cart: storeReadyToOrder().getState().cart });
    await assert.rejects(store.getState().placeOrder(), { status: 500 });
    await assert.rejects(store.getState().placeOrder(), { status: 500 });
    const [, , third, fourth] = keys();
    assert.equal(new Set([first, third, fourth]).size, 3, `${keys().join(', ')}`);
  });

  test('other failures keep the cart and do not reload it', async () => {
    const server = fakeServer(fail(500, 'Internal server error'));
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(), { status: 500 });
    assert.equal(server.calls.length, 1);
    assert.equal(store.getState().cart.lines.length, 4);
    assert.deepEqual(store.getState().orders.list, [order(1)]);
  });

  test("with the checkout's quote: the quote's total, and its address, method and code", async () => {
    const server = fakeServer(ok(order(2, 31.4)));
    const store = storeReadyToOrder();
    const quoted = quote(31.4, { addressId: 7, shippingMethod: shippingMethod(2), promotionCode: 'SPRING10' });
    store.setState({ checkout: { ...store.getState().checkout, quote: quoted } });
    await store.getState().placeOrder(quoted);
    assert.deepEqual(server.calls[0]?.body, {
      total: 31.4,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
      addressId: 7,
      shippingMethodId: 2,
      promotionCode: 'SPRING10',
    });
    assert.equal(store.getState().checkout.quote, null, 'the quote was for the cart that is gone');
  });

  test("a quote of the spec's checkout names only its method: no address, no code", async () => {
    const server = fakeServer(ok(order(2, 24.03)));
    await storeReadyToOrder().getState().placeOrder(quote(24.03));
    assert.deepEqual(server.calls[0]?.body, {
      total: 24.03,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
      shippingMethodId: 1,
    });
  });

  test('a code refused at the order (409) reloads the cart, keeps it, and rethrows the reason', async () => {
    const server = fakeServer(
      fail(409, 'That promotion code has been used up.', ['That promotion code has been used up.']),
      ok({ Products: [cartLine(1, 51, 19.99)], subtotal: 19.99, discount: 1, total: 18.99 }),
    );
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(quote(20, { promotionCode: 'LIMITED' })), {
      status: 409,
      message: 'That promotion code has been used up.',
    });
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['POST', '/api/orders'],
      ['GET', '/api/cart'],
    ]);
    assert.deepEqual(store.getState().orders.list, [order(1)]);
    assert.equal(store.getState().cart.lines.length, 1);
  });

  test('paying by card sends the card with the order', async () => {
    const server = fakeServer(ok(order(2, 25.3)));
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    await storeReadyToOrder().getState().placeOrder(quote(25.3, { paymentMethod: 'card' }), { method: 'card', card });
    assert.deepEqual(server.calls[0]?.body, {
      total: 25.3,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
      shippingMethodId: 1,
      payment: { method: 'card', card },
    });
  });

  test('paying by the RedCard sends no payment: the body the spec has', async () => {
    const server = fakeServer(ok(order(2, 24.03)));
    await storeReadyToOrder().getState().placeOrder(quote(24.03), { method: 'redcard' });
    assert.deepEqual(server.calls[0]?.body, {
      total: 24.03,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
      shippingMethodId: 1,
    });
  });

  test('a declined card (402) rethrows its reason and keeps the cart, without reloading it', async () => {
    const server = fakeServer(fail(402, 'Your card was declined.', ['Your card was declined.']));
    const store = storeReadyToOrder();
    const card = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' };
    const quoted = quote(25.3, { paymentMethod: 'card' });
    store.setState({ checkout: { ...store.getState().checkout, quote: quoted } });
    await assert.rejects(store.getState().placeOrder(quoted, { method: 'card', card }), {
      status: 402,
      message: 'Your card was declined.',
    });
    assert.equal(server.calls.length, 1);
    assert.equal(store.getState().cart.lines.length, 4);
    assert.deepEqual(store.getState().checkout.quote, quoted);
    assert.deepEqual(store.getState().orders.list, [order(1)]);
  });

  test('a card corrected after no answer is the same attempt; another way to pay is another', async () => {
    const server = fakeServer('network-error', 'network-error', 'network-error');
    const store = storeReadyToOrder();
    const byCard = quote(25.3, { paymentMethod: 'card' });
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    await assert.rejects(store.getState().placeOrder(byCard, { method: 'card', card }), TypeError);
    await assert.rejects(store.getState().placeOrder(byCard, { method: 'card', card: { ...card, cvc: '321' } }), TypeError);
    await assert.rejects(store.getState().placeOrder(byCard), TypeError);
    const [first, corrected, other] = server.calls.map((c) => c.headers['Idempotency-Key']);
    assert.equal(corrected, first, 'the same order, its card corrected');
    assert.notEqual(other, first, 'the RedCard is another order');
  });

  test('the same attempt is the same key only with the same choices', async () => {
    const server = fakeServer('network-error', 'network-error', 'network-error');
    const store = storeReadyToOrder();
    const withCode = quote(24.03, { promotionCode: 'SPRING10' });
    await assert.rejects(store.getState().placeOrder(withCode), TypeError);
    await assert.rejects(store.getState().placeOrder(withCode), TypeError);
    await assert.rejects(store.getState().placeOrder(quote(24.03)), TypeError);
    const [first, retried, other] = server.calls.map((c) => c.headers['Idempotency-Key']);
    assert.equal(retried, first, 'the same order, sent again');
    assert.notEqual(other, first, 'another code is another order');
  });

  test("a Stripe intent is asked for with the order's own body, paid by card", async () => {
    const intent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', amount: 31.4 };
    const server = fakeServer({ status: 201, json: intent });
    const quoted = quote(31.4, { addressId: 7, shippingMethod: shippingMethod(2), promotionCode: 'SPRING10', paymentMethod: 'card' });
    assert.deepEqual(await storeReadyToOrder().getState().createStripeIntent(quoted), intent);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token']]), [
      ['POST', '/api/payments/stripe/intents', 'abc'],
    ]);
    assert.deepEqual(server.calls[0]?.body, {
      total: 31.4,
      products: [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }],
      addressId: 7,
      shippingMethodId: 2,
      promotionCode: 'SPRING10',
      payment: { method: 'card' },
    });
  });

  test("a stale cart refused at the intent (409) reloads the cart and rethrows, as the order's would", async () => {
    const server = fakeServer(
      fail(409, 'Your cart changed. Please review it and place the order again.'),
      ok({ Products: [cartLine(1, 51, 21.99)], subtotal: 21.99, discount: 0, total: 21.99 }),
    );
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().createStripeIntent(quote(25.3, { paymentMethod: 'card' })), { status: 409 });
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['POST', '/api/payments/stripe/intents'],
      ['GET', '/api/cart'],
    ]);
    assert.deepEqual(store.getState().cart.lines, [cartLine(1, 51, 21.99)]);
    assert.deepEqual(store.getState().orders.list, [order(1)]);
  });

  test('a card paid through Stripe: the intent, the card confirmed against it, then the order naming it', async () => {
    const intent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', amount: 25.3 };
    const server = fakeServer({ status: 201, json: intent }, { status: 201, json: order(2, 25.3) });
    const store = storeReadyToOrder();
    const byCard = quote(25.3, { paymentMethod: 'card' });
    const confirmed: string[] = [];
    const elements = { submit: () => Promise.resolve({}) } as unknown as StripeElements;
    const stripe = {
      confirmPayment: ({ clientSecret }: { clientSecret: string }) => {
        confirmed.push(`${clientSecret} after ${server.calls.length} call`);
        return Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } });
      },
    } as unknown as Stripe;

    const outcome = await payByStripe(stripe, elements, () => store.getState().createStripeIntent(byCard));
    assert.ok('paid' in outcome);
    await store.getState().placeOrder(byCard, { method: 'card', paymentIntentId: outcome.paid });
    assert.deepEqual(confirmed, ['pi_1_secret_abc after 1 call']);
    const products = [{ productId: 51 }, { productId: 61 }, { productId: 7 }, { productId: 7 }];
    assert.deepEqual(server.calls.map((c) => [c.url, c.body]), [
      ['/api/payments/stripe/intents', { total: 25.3, products, shippingMethodId: 1, payment: { method: 'card' } }],
      ['/api/orders', { total: 25.3, products, shippingMethodId: 1, payment: { method: 'card', paymentIntentId: 'pi_1' } }],
    ]);
    assert.equal(store.getState().cart.lines.length, 0);
  });

  test('an intent the store was not paid (402) keeps the cart, without reloading it', async () => {
    const server = fakeServer(fail(402, 'Your card was declined.'));
    const store = storeReadyToOrder();
    await assert.rejects(store.getState().placeOrder(quote(25.3, { paymentMethod: 'card' }), { method: 'card', paymentIntentId: 'pi_1' }), {
      status: 402,
      message: 'Your card was declined.',
    });
    assert.equal(server.calls.length, 1);
    assert.equal(store.getState().cart.lines.length, 4);
  });
});

