// Journey: the checkout's choices (docs/rules.md#addresses, docs/rules.md#checkout): an
// address of the shopper's own, a paid shipping method, a promotion code and the tax of
// the address's state, the same figures on the order afterwards; codes the store
// refuses, at the quote and at the order; and the address book.
//
// What staff set up (a paid method, a rate for Texas, the codes) is written into the
// store's database before the journeys, on SQLite or PostgreSQL alike (storeSql).
import assert from 'node:assert/strict';
import { before } from 'node:test';
import {
  dollars,
  eventually,
  expectPath,
  figures,
  gone,
  hasAttribute,
  hasText,
  journey,
  shown,
  signUpByApi,
  storeSql,
} from './harness.mjs';

const EXPRESS = { name: 'Express delivery', cents: 1250, days: '1-2' };
const TEXAS_RATE_MILLI = 8250; // 8.25%

before(async () => {
  await storeSql(`
    INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
      VALUES ('${EXPRESS.name}', ${EXPRESS.cents}, NULL, '${EXPRESS.days}', FALSE, 0);
    INSERT INTO tax_rates (region, rate_milli, updated_at) VALUES ('TX', ${TEXAS_RATE_MILLI}, 0);
    INSERT INTO promotions
      (code, kind, value, min_subtotal_cents, starts_at, ends_at, usage_limit, once_per_shopper, uses, created_at)
    VALUES
      ('SPRING10', 'percent', 10, 0, NULL, NULL, NULL, FALSE, 0, 0),
      ('WINTER5', 'amount', 500, 0, NULL, 1000, NULL, FALSE, 0, 0),
      ('BIGSPEND', 'amount', 1000, 99900, NULL, NULL, NULL, FALSE, 0, 0),
      ('ONLYONE', 'percent', 5, 0, NULL, NULL, 1, FALSE, 0, 0);
  `);
});

/** The context's anti-forgery token, for calls made beside the page. */
async function token(context) {
  return decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN').value);
}

/** Fills the signed-in shopper's cart with `productIds` through the API; answers the cart's prices in cents. */
async function fillCart(context, productIds) {
  for (const productId of productIds) {
    const added = await context.request.post('/api/cart', { headers: { 'XSRF-Token': await token(context) }, data: { productId } });
    assert.equal(added.status(), 201, await added.text());
  }
  const cart = await (await context.request.get('/api/cart')).json();
  return cart.Products.map((p) => Math.round(p.price * 100));
}

/** `amount × rate / denominator`, rounded half up to the cent, as the server counts (src/domain/pricing.rs). */
const share = (amount, rate, denominator) => Math.floor((amount * rate * 2 + denominator) / (denominator * 2));

/** What the order costs, in cents: the code's percent off, then the RedCard's 5%, delivery, tax on the goods. */
function expectedMoney(prices, { percent = 0, shipping = 0, rateMilli = 0 } = {}) {
  const subtotal = prices.reduce((a, b) => a + b, 0);
  const promotion = share(subtotal, percent, 100);
  const card = Math.floor(((subtotal - promotion) * 5 + 50) / 100);
  const goods = subtotal - promotion - card;
  const tax = share(goods, rateMilli, 100_000);
  return { subtotal, promotion, card, shipping, tax, total: goods + shipping + tax };
}

/** The summary's rows as the shopper reads them, for `money` of `count` items. */
function summaryOf(count, money, { code, taxLabel = 'Estimated tax' } = {}) {
  const rows = { [`Subtotal (${count} ${count === 1 ? 'item' : 'items'})`]: dollars(money.subtotal) };
  if (code) rows[`Promotion ${code}`] = `−${dollars(money.promotion)}`;
  rows['RedCard 5% Discount'] = `−${dollars(money.card)}`;
  rows.Delivery = money.shipping === 0 ? 'Free' : dollars(money.shipping);
  rows[taxLabel] = dollars(money.tax);
  rows.Total = dollars(money.total);
  return rows;
}

/** Asserts (with retries: a new quote may be on its way) that the region shows these rows. */
async function summaryShows(region, rows) {
  const end = Date.now() + 10_000;
  for (;;) {
    const shown = await figures(region);
    try {
      return assert.deepEqual(shown, rows);
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Fills the address form (the one on the page) with a Texas address. */
async function fillTexas(page, { name, line1 = '200 Congress Ave', city = 'Austin', zip = '78701' }) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Street address').fill(line1);
  await page.getByLabel('City').fill(city);
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill(zip);
}

/** The label of the element that has the keyboard's focus. */
const focusedLabel = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return (el?.labels?.[0]?.textContent ?? el?.textContent ?? '').trim();
  });

journey('a new shopper ships to Texas by a paid method with a code, and the order keeps every figure', async ({ page, context }) => {
  const shopper = await signUpByApi(context);
  const name = `${shopper.firstName} ${shopper.lastName}`;
  const prices = await fillCart(context, [51, 61]);

  // At first, the spec's checkout: the fixed address, free delivery, no tax.
  await page.goto('/checkout');
  await shown(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  const shipping = page.getByRole('region', { name: 'Shipping address' });
  for (const line of ['Demo Shopper', '1000 Nicollet Mall', 'Minneapolis, MN 55403'])
    await shown(shipping.getByText(line, { exact: true }));
  const summary = page.getByRole('region', { name: 'Order summary' });
  await summaryShows(summary, summaryOf(2, expectedMoney(prices)));

  // Adding an address from the checkout: the form opens with the focus in its first field,
  // checks what is missing before sending, then ships the order there.
  await shipping.getByRole('button', { name: 'Add an address' }).click();
  await shown(page.getByRole('form', { name: 'Add an address' }));
  await eventually(async () => assert.equal(await focusedLabel(page), 'Full name'));
  await page.getByRole('button', { name: 'Save and ship here' }).click();
  await shown(page.getByText('Please enter the street address.'));
  await hasAttribute(page.getByLabel('Street address'), 'aria-invalid', 'true');
  assert.equal(await focusedLabel(page), 'Full name', 'the first field with a problem has the focus');
  await fillTexas(page, { name });
  await page.getByRole('button', { name: 'Save and ship here' }).click();
  const austin = shipping.getByRole('group', { name: 'Ship to' }).getByRole('radio', { checked: true });
  await shown(austin);
  await hasText(austin.locator('xpath=..'), `${name} 200 Congress Ave Austin, TX 78701 Default`);
  await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'ship-to'));
  // Texas's tax, on the free default method.
  const texas = { rateMilli: TEXAS_RATE_MILLI };
  await summaryShows(summary, summaryOf(2, expectedMoney(prices, texas), { taxLabel: 'Estimated tax (8.25%)' }));

  // A paid method: its price and days, and the summary adds it.
  const express = shipping.getByRole('radio', { name: /^Express delivery/ });
  await shown(express);
  await hasText(express.locator('xpath=..'), 'Express delivery Arrives in 1-2 business days $12.50');
  await express.check();
  const paid = { ...texas, shipping: EXPRESS.cents };
  await summaryShows(summary, summaryOf(2, expectedMoney(prices, paid), { taxLabel: 'Estimated tax (8.25%)' }));

  // A code, typed in any case: applied in capitals, then its line in the summary.
  await summary.getByLabel('Promotion code').fill('spring10');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await shown(summary.getByText('Code SPRING10 applied'));
  await eventually(async () => assert.equal(await focusedLabel(page), 'Remove code SPRING10'));
  const money = expectedMoney(prices, { ...paid, percent: 10 });
  assert.ok(money.tax > 0 && money.promotion > 0);
  const rows = summaryOf(2, money, { code: 'SPRING10', taxLabel: 'Estimated tax (8.25%)' });
  await summaryShows(summary, rows);

  await summary.getByRole('button', { name: 'Place your order' }).click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = Number(/\d+$/.exec(new URL(page.url()).pathname)[0]);

  // The confirmation: what was paid and saved, where it ships and how, every figure.
  await shown(page.getByRole('heading', { level: 1, name: 'Thanks for your order!' }));
  await shown(
    page.getByText(
      `Order #${orderId} is received. You paid ${dollars(money.total)} and saved ${dollars(money.promotion)} ` +
        `with code SPRING10 and ${dollars(money.card)} with your RedCard.`,
    ),
  );
  const orderRows = summaryOf(2, money, { code: 'SPRING10' });
  await summaryShows(page.getByRole('region', { name: 'Payment summary' }), orderRows);
  await assertFacts(page, orderId, name);

  // The history lists it with where it ships; its page shows the same.
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expectPath(page, '/account/orders');
  const entry = page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: new RegExp(` Order #${orderId} `) });
  await hasText(
    entry,
    new RegExp(`Order #${orderId} Ships to ${name}, Austin, TX · Express delivery 2 items · \\${dollars(money.total)} View order$`),
  );
  await entry.click();
  await expectPath(page, `/orders/${orderId}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${orderId}` }));
  await summaryShows(page.getByRole('region', { name: 'Payment summary' }), orderRows);
  await assertFacts(page, orderId, name);

  // The address book has the address, as the default.
  await page.goto('/account/addresses');
  const card = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');
  await cardShows(card, { name, lines: ['200 Congress Ave', 'Austin, TX 78701'], isDefault: true });
});

journey("a refused code says why by its field, and the figures stay the spec's", async ({ page, context, allow, another }) => {
  allow(400, '/api/checkout/quote');
  allow(409, '/api/orders');
  await signUpByApi(context);
  const prices = await fillCart(context, [51]);
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const spec = summaryOf(1, expectedMoney(prices));
  await summaryShows(summary, spec);

  const field = summary.getByLabel('Promotion code');
  for (const [code, reason] of [
    ['winter5', 'That promotion code has ended.'],
    ['NO-SUCH-CODE', "That promotion code doesn't exist."],
    ['BIGSPEND', 'That promotion code needs a subtotal of at least $999.00.'],
  ]) {
    await field.fill(code);
    await field.press('Enter');
    const alert = summary.getByRole('alert');
    await hasText(alert, reason);
    await hasAttribute(field, 'aria-invalid', 'true');
    await hasAttribute(field, 'aria-describedby', await alert.getAttribute('id'));
    assert.equal(await field.inputValue(), code, 'the code stays in the field, to correct it');
    await summaryShows(summary, spec);
  }

  // A code used up between the quote and the order: nothing is ordered, the reason shows
  // by the field, the code goes from the figures, and the order can be placed without it.
  await field.fill('onlyone');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await shown(summary.getByText('Code ONLYONE applied'));
  await summaryShows(summary, summaryOf(1, expectedMoney(prices, { percent: 5 }), { code: 'ONLYONE' }));
  const other = await another();
  await signUpByApi(other.context());
  await fillCart(other.context(), [61]);
  const quoted = await (
    await other.request.post('/api/checkout/quote', {
      headers: { 'XSRF-Token': await token(other.context()) },
      data: { promotionCode: 'ONLYONE' },
    })
  ).json();
  const placed = await other.request.post('/api/orders', {
    headers: { 'XSRF-Token': await token(other.context()) },
    data: { total: quoted.total, products: [{ productId: 61 }], promotionCode: 'ONLYONE' },
  });
  assert.equal(placed.status(), 201, await placed.text());

  await summary.getByRole('button', { name: 'Place your order' }).click();
  await hasText(summary.getByRole('alert'), 'That promotion code has been used up.');
  await expectPath(page, '/checkout');
  assert.equal(await field.inputValue(), 'onlyone', 'the code as the shopper typed it, to see what was refused');
  await summaryShows(summary, spec);
  await shown(page.getByRole('region', { name: 'Items (1)' }));
  await summary.getByRole('button', { name: 'Place your order' }).click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
});

journey('the address book: add two, make the second the default, delete, edit', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Addresses/ }).click();
  await expectPath(page, '/account/addresses');
  await shown(page.getByRole('heading', { level: 1, name: 'Addresses' }));
  await shown(page.getByText("You haven't saved an address yet."));
  const cards = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');

  // The first address is the default; the second is not, until it is made it.
  await page.getByRole('button', { name: 'Add an address' }).click();
  await fillTexas(page, { name: 'Ada Home' });
  await page.getByRole('button', { name: 'Save address' }).click();
  await cardShows(cards, { name: 'Ada Home', lines: ['200 Congress Ave', 'Austin, TX 78701'], isDefault: true });
  await page.getByRole('button', { name: 'Add an address' }).click();
  await fillTexas(page, { name: 'Ada Work', line1: '500 Main St', city: 'Dallas', zip: '75201' });
  await page.getByLabel('Phone (optional)').fill('+1 214 555 0100');
  await page.getByRole('button', { name: 'Save address' }).click();
  await shown(cards.nth(1));
  const work = { name: 'Ada Work', lines: ['500 Main St', 'Dallas, TX 75201', '+1 214 555 0100'] };
  await cardShows(cards.nth(1), { ...work, isDefault: false });
  await eventually(async () => assert.equal(await focusedLabel(page), 'Edit Ada Work, 500 Main St, Dallas, TX 75201'));

  await cards.nth(1).getByRole('button', { name: /^Make default/ }).click();
  await cardShows(cards.first(), { ...work, isDefault: true });
  await cardShows(cards.nth(1), { name: 'Ada Home', lines: ['200 Congress Ave', 'Austin, TX 78701'], isDefault: false });

  // Delete asks first; "Keep it" keeps it.
  await cards.nth(1).getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await shown(dialog.getByText('Ada Home, 200 Congress Ave, Austin, TX 78701 will be removed from your address book.'));
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await gone(dialog);
  assert.equal(await cards.count(), 2);
  await cards.nth(1).getByRole('button', { name: /^Delete/ }).click();
  await dialog.getByRole('button', { name: 'Delete address' }).click();
  await gone(cards.getByRole('heading', { name: 'Ada Home' }));
  assert.equal(await cards.count(), 1);

  // Edit in place: the form has the address; a broken ZIP code is refused, then saved.
  await cards.first().getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('form', { name: 'Edit Ada Work, 500 Main St' });
  await shown(form);
  assert.equal(await form.getByLabel('City').inputValue(), 'Dallas');
  await form.getByLabel('ZIP code').fill('7520');
  await form.getByRole('button', { name: 'Save address' }).click();
  await shown(form.getByText('Please enter a ZIP code like 55403 or 55403-1234.'));
  await form.getByLabel('Street address').fill('600 Elm St');
  await form.getByLabel('ZIP code').fill('75202');
  await form.getByRole('button', { name: 'Save address' }).click();
  await gone(form);
  await cardShows(cards.first(), { name: 'Ada Work', lines: ['600 Elm St', 'Dallas, TX 75202', '+1 214 555 0100'], isDefault: true });

  // The checkout ships to it.
  await fillCart(context, [51]);
  await page.goto('/checkout');
  const chosen = page.getByRole('group', { name: 'Ship to' }).getByRole('radio', { checked: true });
  await hasText(chosen.locator('xpath=..'), 'Ada Work 600 Elm St Dallas, TX 75202 Default');
});

/** An address book card: its name as its heading, its lines, the Default mark and the buttons it offers. */
async function cardShows(card, { name, lines, isDefault }) {
  await hasText(card.getByRole('heading'), name);
  for (const line of lines) await shown(card.getByText(line, { exact: true }));
  assert.equal(await card.getByText('Default', { exact: true }).count(), isDefault ? 1 : 0, `${name}: Default`);
  assert.equal(await card.getByRole('button', { name: /^Make default/ }).count(), isDefault ? 0 : 1, `${name}: Make default`);
  await shown(card.getByRole('button', { name: /^Edit/ }));
  await shown(card.getByRole('button', { name: /^Delete/ }));
}

/** The facts of an order's details: its number, where it ships and how, and the card. */
async function assertFacts(page, orderId, name) {
  const facts = await figures(page.getByRole('main'));
  assert.equal(facts['Order number'], `#${orderId}`);
  assert.equal(facts['Ships to'], `${name}, 200 Congress Ave, Austin, TX 78701`);
  assert.equal(facts.Shipping, `${EXPRESS.name} · 1-2 business days`);
  assert.equal(facts['Paid with'], 'RedCard debit ending in 4821');
}
