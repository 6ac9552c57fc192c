// Refunds (docs/rules.md#payments): a shopper orders two products; a staff member refunds
// $10.00 of it from the order's page, after the form's own rules stop a third decimal and
// more than is left, and puts one of its units back in stock; the page then shows the
// payment partially refunded, the refund with who gave it, and the line back in stock. The
// refund went once under its Idempotency-Key: the same call again answers the same refund.
// The shopper's order page shows the refund and its reason, and nothing of the stock; the
// back office's outbox holds one refund mail, as the shopper will read it.
import assert from 'node:assert/strict';
import {
  apiGet,
  dollars,
  eventually,
  expectPath,
  figures,
  gone,
  hasText,
  journey,
  orderAsShopper,
  shown,
  signInThroughForm,
  signUpByApi,
  tokenOf,
  withStaff,
} from './harness.mjs';

const STAFF = { username: 'clerk', role: 'staff', password: 'a long passphrase' };
withStaff([STAFF]);

/** Signs in through the form, and lands on the storefront. */
async function signIn(page, allow, account) {
  await signInThroughForm(page, allow, account);
  await expectPath(page, '/');
}

/** A product's units as the back office reads them (the storefront tells them from 10 down). */
const stockOf = async (page, productId) => (await apiGet(page, `/api/admin/products/${productId}`)).stock;

/** Whether the element that has the keyboard's focus is `locator`'s. */
const focused = (locator) => locator.evaluate((el) => el === document.activeElement);

journey('a staff member refunds part of an order and puts a unit back in stock; the shopper sees the refund', async ({ page, context, allow }) => {
  // The shopper's order of two products, paid with the RedCard; it can be refunded once
  // its payment is captured (right after it is placed, or by the settler a moment later).
  const shopper = await signUpByApi(context);
  const order = await orderAsShopper(context, [51, 61]);
  const paid = await eventually(async () => {
    const { Orders } = await apiGet(page, '/api/orders');
    const now = Orders.find((o) => o.id === order.id);
    assert.equal(now?.payment.status, 'paid');
    return now;
  });
  const total = Math.round(paid.total * 100);
  const back = order.Products.find((p) => p.id === 61);
  await context.clearCookies();

  await signIn(page, allow, STAFF);
  const stockBefore = await stockOf(page, 61);
  await page.goto(`/admin/orders/${order.id}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${order.id}` }));
  assert.equal((await figures(page.getByRole('main')))['Payment status'], 'Paid');
  assert.equal(await page.getByRole('region', { name: /^Refunds/ }).count(), 0, 'no refunds yet');

  // The form: what is left, said as the amount's hint; the focus in the amount.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${order.id}` });
  await shown(dialog);
  const amount = dialog.getByLabel('Amount (dollars)');
  await shown(dialog.getByText(`Up to ${dollars(total)} can be refunded.`));
  await eventually(async () => assert.equal(await focused(amount), true));
  const lines = dialog.getByRole('group', { name: 'Put back in stock' }).getByRole('checkbox');
  assert.equal(await lines.count(), 2, 'one checkbox per line still out');

  // The amount's rules, the server's words, before anything is sent.
  await dialog.getByLabel('Reason').fill('Damaged in transit');
  await amount.fill('10.005');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await shown(dialog.getByText('An amount has at most two decimals.'));
  await eventually(async () => assert.equal(await focused(amount), true));
  await amount.fill(String((total + 1) / 100));
  await shown(dialog.getByText(`That is more than can be refunded: ${dollars(total)} is left.`));

  // $10.00, the console back in stock; the call names its attempt with a key.
  const sent = [];
  await page.route('**/api/admin/orders/*/refunds', (route) => {
    sent.push(route.request());
    return route.continue();
  });
  await amount.fill('10.00');
  await dialog.getByRole('checkbox', { name: back.name }).check();
  await dialog.getByRole('button', { name: 'Refund $10.00', exact: true }).click();
  await gone(dialog);
  await shown(page.getByRole('status').filter({ hasText: 'Refunded $10.00.' }));
  assert.equal(sent.length, 1, 'one refund sent');
  const key = (await sent[0].allHeaders())['idempotency-key'];
  assert.match(key ?? '', /^[0-9a-f-]{32,36}$/);
  assert.deepEqual(sent[0].postDataJSON(), {
    amount: 10,
    reason: 'Damaged in transit',
    restock: [{ lineId: back.lineId, quantity: 1 }],
  });

  // The page read the order again: partially refunded, the refund and who gave it, the line back.
  await eventually(async () => assert.equal((await figures(page.getByRole('main')))['Payment status'], 'Partially refunded'));
  const refunds = page.getByRole('list', { name: `Refunds of order ${order.id}` }).getByRole('listitem');
  await hasText(refunds, new RegExp(`^\\w+ \\d{1,2}, \\d{4} \\$10\\.00 Damaged in transit By ${STAFF.username}$`));
  const items = page.getByRole('list', { name: `Items of order ${order.id}` }).getByRole('listitem');
  await shown(items.filter({ hasText: back.name }).getByText('Returned to stock'));
  assert.equal(await items.filter({ hasText: 'Returned to stock' }).count(), 1, 'only the line ticked');
  await eventually(async () => assert.equal(await stockOf(page, 61), stockBefore + 1));

  // The same call again, as a retry that lost its answer would send it: the same refund, not a second.
  const again = await page.request.post(`/api/admin/orders/${order.id}/refunds`, {
    headers: { 'XSRF-Token': await tokenOf(context), 'Idempotency-Key': key },
    data: sent[0].postDataJSON(),
  });
  assert.equal(again.status(), 201, await again.text());
  assert.equal(again.headers()['idempotent-replayed'], 'true');
  const detail = await apiGet(page, `/api/admin/orders/${order.id}`);
  assert.deepEqual(
    detail.refunds.map((r) => [r.id, r.amount, r.reason, r.by]),
    [[(await again.json()).id, 10, 'Damaged in transit', STAFF.username]],
  );
  assert.equal(Math.round(detail.payment.refunded * 100), 1000);
  assert.equal(Math.round(detail.payment.refundable * 100), total - 1000);
  assert.equal(await stockOf(page, 61), stockBefore + 1, 'the unit went back once');

  // Opened again: what is left now, and only the line still out.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await shown(dialog.getByText(`Up to ${dollars(total - 1000)} can be refunded.`));
  assert.equal(await lines.count(), 1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await gone(dialog);

  // The outbox: the confirmation and one refund mail (the replayed call wrote none), read
  // as the shopper will: its HTML part framed, its text part with the reason and the unit back.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mail' }).click();
  await expectPath(page, '/admin/mail');
  const outbox = page.getByRole('table').getByRole('row');
  await shown(outbox.filter({ hasText: `Order #${order.id} confirmed` }));
  const subject = `A refund of $10.00 for order #${order.id}`;
  assert.equal(await outbox.filter({ hasText: subject }).count(), 1, 'one refund, one mail');
  await page.getByRole('link', { name: subject }).click();
  await shown(page.getByRole('heading', { level: 1, name: subject }));
  await shown(page.locator(`iframe[title="${subject}, as HTML"]`));
  const text = await page.getByRole('region', { name: 'As plain text' }).innerText();
  assert.match(text, /Reason: Damaged in transit/);
  assert.ok(text.includes(`Returned:\n  ${back.name}`), text);

  // The shopper's order page: the refund and its reason; who gave it and the stock are the store's business.
  await context.clearCookies();
  await signIn(page, allow, shopper);
  await page.goto(`/orders/${order.id}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${order.id}` }));
  assert.equal((await figures(page.getByRole('main')))['Payment status'], 'Partially refunded');
  const theirs = page.getByRole('list', { name: `Refunds of order ${order.id}` }).getByRole('listitem');
  await hasText(theirs, /^\w+ \d{1,2}, \d{4} \$10\.00 Damaged in transit$/);
  assert.equal(await page.getByText('Returned to stock').count(), 0);
});
