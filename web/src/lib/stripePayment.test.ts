import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../api/client.ts';
import type { StripeIntent } from '../api/types.ts';
import type { ConfirmResult, Stripe, StripeElements, StripeError } from './stripe.ts';
import { payByStripe, refusalOf, stripeCheckout } from './stripePayment.ts';

const INTENT: StripeIntent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', amount: 25.3 };

/**
 * A scripted Stripe.js and server: `submit` and `confirm` answer as given (or throw), and
 * every step taken is written down, in order, with what it was given.
 */
function fakeStripe({
  submit = {},
  confirm = { paymentIntent: { id: 'pi_1', status: 'requires_capture' } },
  intent = () => Promise.resolve(INTENT),
}: {
  submit?: { error?: StripeError } | Error;
  confirm?: ConfirmResult | Error;
  intent?: () => Promise<StripeIntent>;
} = {}) {
  const steps: unknown[][] = [];
  const elements = {
    create: () => assert.fail('the page mounts the element, not the payment'),
    update: () => assert.fail('the page updates the amount, not the payment'),
    submit: () => {
      steps.push(['submit']);
      return submit instanceof Error ? Promise.reject(submit) : Promise.resolve(submit);
    },
  } as StripeElements;
  const stripe = {
    elements: () => assert.fail('the page makes the Elements group, not the payment'),
    confirmPayment: (options) => {
      steps.push(['confirmPayment', { ...options, elements: options.elements === elements ? 'the elements' : 'others' }]);
      return confirm instanceof Error ? Promise.reject(confirm) : Promise.resolve(confirm);
    },
  } as Stripe;
  const createIntent = () => {
    steps.push(['createIntent']);
    return intent();
  };
  return { stripe, elements, createIntent, steps };
}

const declined: StripeError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

describe('paying by Stripe', () => {
  test('the fields are checked, then the intent is made, then the card confirmed against it', async () => {
    const { stripe, elements, createIntent, steps } = fakeStripe();
    assert.deepEqual(await payByStripe(stripe, elements, createIntent), { paid: 'pi_1' });
    assert.deepEqual(steps, [
      ['submit'],
      ['createIntent'],
      ['confirmPayment', { elements: 'the elements', clientSecret: 'pi_1_secret_abc', redirect: 'if_required' }],
    ]);
  });

  test('a field not filled in asks the server for nothing, and is shown by the element itself', async () => {
    const incomplete = { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    const { stripe, elements, createIntent, steps } = fakeStripe({ submit: { error: incomplete } });
    assert.deepEqual(await payByStripe(stripe, elements, createIntent), { refused: null });
    assert.deepEqual(steps, [['submit']]);
  });

  test('a declined card is refused with its reason; nothing is ordered', async () => {
    const { stripe, elements, createIntent, steps } = fakeStripe({ confirm: { error: declined } });
    assert.deepEqual(await payByStripe(stripe, elements, createIntent), { refused: 'Your card was declined.' });
    assert.equal(steps.length, 3);
  });

  test("the server's refusal of the intent (a stale cart) rejects as the order's would, and no card is confirmed", async () => {
    const stale = new ApiError(409, { message: 'Your cart changed.', errors: [] });
    const { stripe, elements, createIntent, steps } = fakeStripe({ intent: () => Promise.reject(stale) });
    await assert.rejects(payByStripe(stripe, elements, createIntent), (error) => error === stale);
    assert.deepEqual(steps, [['submit'], ['createIntent']]);
  });

  test('Stripe.js throwing (an integration error) is a refusal, not a failure of the store', async () => {
    const thrown = fakeStripe({ confirm: new Error('IntegrationError') });
    assert.deepEqual(await payByStripe(thrown.stripe, thrown.elements, thrown.createIntent), {
      refused: "Your card couldn't be charged. Please try again.",
    });
    const early = fakeStripe({ submit: new Error('IntegrationError') });
    assert.deepEqual(await payByStripe(early.stripe, early.elements, early.createIntent), {
      refused: "Your card couldn't be charged. Please try again.",
    });
    assert.deepEqual(early.steps, [['submit']]);
  });

  test("what the shopper is told: a card's or a field's own words, else ours", () => {
    assert.equal(refusalOf(declined), 'Your card was declined.');
    assert.equal(refusalOf({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }), 'Your card has expired.');
    assert.equal(refusalOf({ type: 'validation_error', message: 'Your card number is invalid.' }), 'Your card number is invalid.');
    assert.equal(
      refusalOf({ type: 'api_connection_error', message: 'Failed to fetch' }),
      "We couldn't reach the payment service. Check your connection and try again.",
    );
    assert.equal(refusalOf({ type: 'invalid_request_error', message: 'No such payment_intent' }), "Your card couldn't be charged. Please try again.");
    assert.equal(refusalOf({ type: 'card_error' }), "Your card couldn't be charged. Please try again.");
  });
});

describe("a checkout's card payments", () => {
  test('an order whose placing got no answer names the same intent when tried again: the card is not taken twice', async () => {
    const payments = stripeCheckout();
    const { stripe, elements, createIntent, steps } = fakeStripe();
    assert.deepEqual(await payments.pay('quote A', stripe, elements, createIntent), { paid: 'pi_1' });
    assert.deepEqual(await payments.pay('quote A', stripe, elements, createIntent), { paid: 'pi_1' });
    assert.equal(steps.length, 3, 'one submit, one intent, one confirm');
  });

  test('another order, or one the server has answered, takes the card again', async () => {
    const payments = stripeCheckout();
    const { stripe, elements, createIntent, steps } = fakeStripe();
    await payments.pay('quote A', stripe, elements, createIntent);
    await payments.pay('quote B', stripe, elements, createIntent);
    assert.equal(steps.length, 6);
    payments.answered();
    await payments.pay('quote B', stripe, elements, createIntent);
    assert.equal(steps.length, 9);
  });

  test('a refused card is not remembered', async () => {
    const payments = stripeCheckout();
    const { stripe, elements, createIntent, steps } = fakeStripe({ confirm: { error: declined } });
    await payments.pay('quote A', stripe, elements, createIntent);
    assert.deepEqual(await payments.pay('quote A', stripe, elements, createIntent), { refused: 'Your card was declined.' });
    assert.equal(steps.length, 6);
  });
});
