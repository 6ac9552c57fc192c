// Journey: paying by card through Stripe (docs/rules.md#payments), against the fake Stripe
// (tools/fake-stripe: Stripe's API, its stand-in Stripe.js and its webhooks, offline).
// With Stripe set up, the checkout's card is Stripe's Payment Element instead of the test
// provider's form: the card is checked by the element, the server makes a PaymentIntent
// for the order's total, the browser confirms the card against it, and the order names
// the intent. A declined card orders nothing and keeps the cart and every choice; an
// approved one makes one order, paid, captured once, however the browser's order and
// Stripe's webhook race.
//   FAKE_STRIPE_BIN   the fake to start (default: target/debug/fake-stripe)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import {
  addAnElectronicsProduct,
  apiGet,
  cents,
  eventually,
  expectPath,
  figures,
  gone,
  hasAttribute,
  hasText,
  journey,
  serveWith,
  shown,
  signUpByApi,
  startedStoreUrl,
} from './harness.mjs';
import { root } from './store.mjs';

const KEYS = { secret: 'sk_test_fake', publishable: 'pk_test_fake', webhook: 'whsec_fake' };

/** The fake Stripe this file's store talks to: its address once started. */
const fake = { url: '', child: undefined, log: '' };

// The fake first (the store's flags name its address), then the store.
serveWith(async () => {
  fake.url = await startFakeStripe();
  return [
    '--stripe-secret-key', KEYS.secret,
    '--stripe-publishable-key', KEYS.publishable,
    '--stripe-webhook-secret', KEYS.webhook,
    '--stripe-api-base', fake.url,
    '--stripe-js-url', `${fake.url}/v3/`,
  ];
});

// The store's webhook, as its operator registers it with Stripe: the fake then sends
// `payment_intent.amount_capturable_updated`, signed, after each card it approves.
before(async () => {
  const store = await startedStoreUrl();
  const registered = await fetch(`${fake.url}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEYS.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: `${store}/api/payments/stripe/webhook` }),
  });
  assert.equal(registered.status, 200, `registering the webhook: ${await registered.text()}`);
});

after(() => fake.child?.kill('SIGTERM'));

/** Starts the fake Stripe on a free port; resolves with its address once it says it. */
function startFakeStripe() {
  const bin = resolve(process.env.FAKE_STRIPE_BIN ?? join(root, 'target/debug/fake-stripe'));
  const child = spawn(bin, ['--addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  fake.child = child;
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} did not say where it listens within 30 s:\n${fake.log}`)), 30_000);
    const read = (chunk) => {
      fake.log = (fake.log + chunk).slice(-20_000);
      const listening = /fake-stripe listening on (http:\/\/\S+)/.exec(fake.log);
      if (listening) {
        clearTimeout(timer);
        resolveUrl(listening[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${bin}: ${e.message} (build it with: cargo build --bin fake-stripe)`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${bin} exited (${code ?? signal}) before it listened:\n${fake.log}`));
    });
  });
}

/** What the fake knows of an intent (its test-only window): status, amount, captures, refunded. */
async function fakeIntent(id) {
  const response = await fetch(`${fake.url}/_fake/intents/${id}`);
  assert.equal(response.status, 200, `GET /_fake/intents/${id}: ${await response.clone().text()}`);
  return response.json();
}

/** The fake's answer to a card it declines: a 402 the browser reports, at an address with the intent's id. */
const CONFIRM = /^\/v1\/payment_intents\/[^/]+\/confirm$/;
const INTENTS = '/api/payments/stripe/intents';

/** The `autocomplete` of the element that has the keyboard's focus: which of the card's fields it is. */
const focusedField = (page) => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'));

/** The message tied to a field (its `aria-describedby`), as the shopper hears it. */
const describedBy = (field) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

/** A new shopper with one product in the cart, at the checkout with the card chosen and Stripe's element shown. */
async function checkoutByCard(page, context) {
  await signUpByApi(context);
  const name = await addAnElectronicsProduct(page);

  await page.goto('/checkout');
  await shown(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await payment.getByRole('radio', { name: /^Credit or debit card/ }).check();
  // The card paid by card: no RedCard line in the figures.
  await eventually(async () => assert.equal((await figures(summary))['RedCard 5% Discount'], undefined));

  // Stripe's Payment Element, loaded from Stripe's address (the fake's), instead of the test provider's form.
  const card = {
    number: payment.getByLabel('Card number'),
    expiry: payment.getByLabel('Expiration date (MM / YY)'),
    cvc: payment.getByLabel('Security code (CVC)'),
  };
  await shown(card.number);
  assert.equal(await payment.getByLabel('Expiry (MM / YY)').count(), 0, "the test provider's form is not shown");
  assert.equal(await page.locator(`script[src="${fake.url}/v3/"]`).count(), 1, 'Stripe.js loaded once, from its address');
  await hasAttribute(card.number, 'autocomplete', 'cc-number');
  await hasAttribute(card.number, 'inputmode', 'numeric');
  await hasAttribute(card.expiry, 'autocomplete', 'cc-exp');
  await hasAttribute(card.cvc, 'autocomplete', 'cc-csc');
  await shown(payment.getByText('Test mode: try 4242 4242 4242 4242 with any future date and any CVC.'));
  const place = summary.getByRole('button', { name: 'Place your order' });
  await eventually(async () => assert.equal(await place.isEnabled(), true));
  return { name, payment, summary, card, place };
}

/** Types a card into the element as a shopper would. */
async function typeCard(card, number) {
  await card.number.pressSequentially(number);
  assert.equal(await card.number.inputValue(), number);
  await card.expiry.pressSequentially('12/34');
  assert.equal(await card.expiry.inputValue(), '12 / 34');
  await card.cvc.pressSequentially('123');
}

/** The order's figures: how it was paid, and where its money stands. */
async function paidWith(page) {
  const facts = await figures(page.getByRole('main'));
  return { 'Paid with': facts['Paid with'], 'Payment status': facts['Payment status'] };
}

/** Exactly one order, paid by the Visa ending in 4242, as the order's answer says; and one capture of its total. */
async function assertOnePaidOrder(page, orderId, intentId, total) {
  await eventually(async () => {
    const { Orders } = await apiGet(page, '/api/orders');
    assert.deepEqual(Orders.map((o) => o.id), [orderId], 'exactly one order');
    const { method, brand, last4, status } = Orders[0].payment;
    assert.deepEqual({ method, brand, last4, status }, { method: 'card', brand: 'Visa', last4: '4242', status: 'paid' });
  });
  await eventually(async () =>
    assert.deepEqual(await fakeIntent(intentId), { id: intentId, status: 'succeeded', amount: total, captures: 1, refunded: 0 }),
  );
}

journey("a shopper pays by card in Stripe's Payment Element: one order, paid, captured once", async ({ page, context }) => {
  const { summary, card, place } = await checkoutByCard(page, context);
  const total = cents((await figures(summary)).Total);
  await typeCard(card, '4242 4242 4242 4242');

  const intentAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === INTENTS);
  await place.click();
  const answered = await intentAnswer;
  assert.equal(answered.status(), 201, await answered.text());
  const intent = await answered.json();
  assert.match(intent.paymentIntentId, /^pi_/);
  assert.ok(intent.clientSecret.startsWith(`${intent.paymentIntentId}_secret_`), intent.clientSecret);
  assert.equal(Math.round(intent.amount * 100), total, 'the intent is for the total the shopper saw');

  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = Number(/\d+$/.exec(new URL(page.url()).pathname)[0]);
  await shown(page.getByRole('heading', { level: 1, name: 'Thanks for your order!' }));
  assert.equal((await paidWith(page))['Paid with'], 'Visa ending in 4242');
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));
  await assertOnePaidOrder(page, orderId, intent.paymentIntentId, total);

  // The fake's webhook for the card came too (whether before or after the browser's
  // order): still one order, one capture.
  await new Promise((r) => setTimeout(r, 1_500));
  await assertOnePaidOrder(page, orderId, intent.paymentIntentId, total);

  await page.goto(`/orders/${orderId}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${orderId}` }));
  assert.deepEqual(await paidWith(page), { 'Paid with': 'Visa ending in 4242', 'Payment status': 'Paid' });
});

journey('a card declined in the Payment Element orders nothing and keeps the cart; another card pays', async ({ page, context, allow }) => {
  allow(402, CONFIRM);
  const { name, payment, summary, card, place } = await checkoutByCard(page, context);
  const figuresBefore = await figures(summary);
  const intents = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === INTENTS) intents.push(r);
  });

  // Nothing typed: the element says so at the number, which has the focus; nothing is sent.
  await place.click();
  await eventually(async () => assert.equal(await describedBy(card.number), 'Your card number is incomplete.'));
  await hasAttribute(card.number, 'aria-invalid', 'true');
  await eventually(async () => assert.equal(await focusedField(page), 'cc-number'));
  assert.equal(intents.length, 0, 'no intent for a card not filled in');
  await eventually(async () => assert.equal(await place.isEnabled(), true));

  // Declined: the reason by the card, announced; the focus back on the card; nothing
  // ordered; the cart, the choice and the figures as they were.
  await typeCard(card, '4000 0000 0000 0002');
  assert.equal(await card.number.getAttribute('aria-invalid'), null, 'the message went as the number changed');
  await place.click();
  const declined = payment.getByRole('alert');
  await hasText(declined, 'Your card was declined.');
  await expectPath(page, '/checkout');
  assert.equal(intents.length, 1);
  const intentId = (await (await intents[0].response()).json()).paymentIntentId;
  await eventually(async () => assert.equal(await focusedField(page), 'cc-number'));
  assert.equal(await summary.getByRole('alert').count(), 0, 'the reason is shown by the card only');
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));
  await shown(page.getByRole('region', { name: 'Items (1)' }).getByRole('link', { name, exact: true }));
  assert.equal(await payment.getByRole('radio', { name: /^Credit or debit card/ }).isChecked(), true);
  assert.deepEqual(await figures(summary), figuresBefore);
  assert.deepEqual((await apiGet(page, '/api/orders')).Orders, [], 'no order');
  const refused = await fakeIntent(intentId);
  assert.deepEqual({ status: refused.status, captures: refused.captures }, { status: 'requires_payment_method', captures: 0 });

  // Another card: the reason goes as the card changes, and the order is placed, once.
  await card.number.fill('4242 4242 4242 4242');
  await gone(declined);
  await place.click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = Number(/\d+$/.exec(new URL(page.url()).pathname)[0]);
  assert.equal(intents.length, 2, 'a new intent for the new card');
  const paidId = (await (await intents[1].response()).json()).paymentIntentId;
  assert.notEqual(paidId, intentId);
  await assertOnePaidOrder(page, orderId, paidId, cents(figuresBefore.Total));
});
