// The back office's checkout screens (docs/rules.md#checkout): a staff member adds a paid
// shipping method (after the price rule stops a third decimal), changes it, makes it the
// default and deletes a method no order used; sets Texas's tax at 8.25%; creates a
// promotion code (a taken code refused by the server) and ends it now. A viewer sees both
// screens and changes nothing.
import assert from 'node:assert/strict';
import { apiGet, eventually, expectPath, gone, hasText, journey, shown, signInThroughForm, withStaff } from './harness.mjs';

const STAFF = { username: 'clerk', role: 'staff', password: 'a long passphrase' };
const VIEWER = { username: 'vera', role: 'viewer', password: 'a long passphrase' };
withStaff([STAFF, VIEWER]);

/** Signs in through the form, and lands on the storefront. */
async function signIn(page, allow, account) {
  await signInThroughForm(page, allow, account);
  await expectPath(page, '/');
}

/** Accepts the browser's next question, and answers what it asked. */
function acceptNextQuestion(page) {
  return new Promise((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
}

/** A table's row by the text of its row header (the method's name, the state, the code). */
const rowOf = (region, name) => region.getByRole('row').filter({ has: region.page().getByRole('rowheader', { name, exact: true }) });

/** "2027-06-30T18:00" a year from now: a datetime-local input's value. */
function nextYear() {
  const at = new Date();
  return `${at.getFullYear() + 1}-06-30T18:00`;
}

journey('a staff member adds, changes and removes shipping methods and sets a state’s tax rate', async ({ page, allow }) => {
  await signIn(page, allow, STAFF);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Shipping and tax' }).click();
  await expectPath(page, '/admin/shipping');
  await shown(page.getByRole('heading', { level: 1, name: 'Shipping and tax' }));
  const methods = page.getByRole('region', { name: 'Shipping methods table', exact: true });
  await shown(rowOf(methods, 'Standard delivery').getByText('Default', { exact: true }));

  // The price rule is the server's, checked before anything is sent; the focus goes to it.
  const add = page.getByRole('form', { name: 'Add a shipping method' });
  await add.getByLabel('Name').fill('Express');
  await add.getByLabel('Price (dollars)').fill('14.999');
  await add.getByLabel('Free over (dollars)').fill('150');
  await add.getByLabel('Business days').fill('1-2');
  await add.getByRole('button', { name: 'Add method' }).click();
  await shown(add.getByText('A shipping price has at most two decimals.'));
  await eventually(async () => assert.equal(await add.getByLabel('Price (dollars)').evaluate((el) => el === document.activeElement), true));
  await add.getByLabel('Price (dollars)').fill('14.99');
  await add.getByRole('button', { name: 'Add method' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Express added.' }));
  const express = rowOf(methods, 'Express');
  await hasText(express.getByRole('cell').nth(0), '$14.99');
  await hasText(express.getByRole('cell').nth(1), 'From $150.00');
  const { ShippingMethods: offered } = await apiGet(page, '/api/shipping-methods');
  const made = offered.find((m) => m.name === 'Express');
  assert.deepEqual([made?.price, made?.freeOver, made?.days, made?.isDefault], [14.99, 150, '1-2', false]);

  // A name taken is the server's refusal, said in the form.
  allow(409, '/api/admin/shipping-methods');
  await add.getByLabel('Name').fill('express');
  await add.getByLabel('Price (dollars)').fill('9');
  await add.getByLabel('Business days').fill('2');
  await add.getByRole('button', { name: 'Add method' }).click();
  await shown(add.getByRole('alert').filter({ hasText: 'Another shipping method has this name.' }));

  // Changed in its dialog: a new price, never free.
  await page.getByRole('button', { name: 'Edit: Express' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Express' });
  await dialog.getByLabel('Price (dollars)').fill('12.50');
  await dialog.getByLabel('Free over (dollars)').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await gone(dialog);
  await shown(page.getByRole('status').filter({ hasText: 'Express saved.' }));
  await hasText(express.getByRole('cell').nth(0), '$12.50');
  await hasText(express.getByRole('cell').nth(1), 'Never');

  // The default moves in one write.
  await page.getByRole('button', { name: 'Make default: Express' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Express is now the default.' }));
  await shown(express.getByText('Default', { exact: true }));
  await gone(rowOf(methods, 'Standard delivery').getByText('Default', { exact: true }));
  assert.equal(await page.getByRole('button', { name: /: Express$/ }).filter({ hasText: /Delete|Archive/ }).count(), 0, 'the default cannot be removed');

  // A method no order used is deleted, and the question said so first.
  await add.getByLabel('Name').fill('Pickup tomorrow');
  await add.getByLabel('Price (dollars)').fill('0');
  await add.getByLabel('Business days').fill('1');
  await add.getByRole('button', { name: 'Add method' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Pickup tomorrow added.' }));
  await hasText(rowOf(methods, 'Pickup tomorrow').getByRole('cell').nth(0), 'Free');
  const asked = acceptNextQuestion(page);
  await page.getByRole('button', { name: 'Delete: Pickup tomorrow' }).click();
  assert.match(await asked, /^Delete “Pickup tomorrow”\? No order has used it/);
  await shown(page.getByRole('status').filter({ hasText: 'Pickup tomorrow is deleted.' }));
  await gone(rowOf(methods, 'Pickup tomorrow'));

  // Texas at 8.25%, then the form is ready for the next state.
  const rates = page.getByRole('form', { name: "Set a state's tax rate" });
  await rates.getByLabel('State').selectOption('TX');
  await rates.getByLabel('Rate (percent)').fill('8.25');
  await rates.getByRole('button', { name: 'Set rate' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'TX: 8.25%.' }));
  const table = page.getByRole('region', { name: 'Tax rates table', exact: true });
  await hasText(rowOf(table, 'TX Texas').getByRole('cell').first(), '8.25%');
  const { TaxRates: saved } = await apiGet(page, '/api/admin/tax-rates');
  assert.deepEqual(saved, [{ region: 'TX', rate: 8.25 }]);
  await eventually(async () => assert.equal(await rates.getByRole('option', { name: 'TX, Texas (now 8.25%)', exact: true }).count(), 1));
});

journey('a staff member creates a promotion code and ends it now', async ({ page, allow }) => {
  await signIn(page, allow, STAFF);
  await page.goto('/admin/promotions');
  await shown(page.getByRole('heading', { level: 1, name: 'Promotions' }));
  const create = page.getByRole('form', { name: 'Create a promotion code' });
  await create.getByLabel('Code').fill('spring-e2e');
  await create.getByRole('radio', { name: 'Percent off' }).check();
  await create.getByLabel('Percent off (1 to 100)').fill('150');
  await create.getByRole('button', { name: 'Create code' }).click();
  await shown(create.getByText('A percent off is a whole number from 1 to 100.'));
  await create.getByLabel('Percent off (1 to 100)').fill('10');
  await create.getByLabel('Minimum subtotal ($)').fill('20');
  await create.getByLabel('Ends').fill(nextYear());
  await create.getByLabel('Usage limit (orders)').fill('100');
  await create.getByLabel('Once per shopper').check();
  await create.getByRole('button', { name: 'Create code' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'SPRING-E2E created.' }));

  const codes = page.getByRole('region', { name: 'Promotion codes' });
  const row = rowOf(codes, 'SPRING-E2E');
  const cells = row.getByRole('cell');
  await hasText(cells.nth(0), '10% off');
  await hasText(cells.nth(1), '$20.00');
  await hasText(cells.nth(2), 'At once');
  await hasText(cells.nth(3), /^\w{3} 30, \d{4} 6:00 PM$/);
  await hasText(cells.nth(4), '0 of 100');
  await hasText(cells.nth(5), 'Once');
  await hasText(cells.nth(6), 'Active');
  const { Promotions: before } = await apiGet(page, '/api/admin/promotions');
  const code = before.find((p) => p.code === 'SPRING-E2E');
  assert.equal(new Date(code.endsAt).getTime(), new Date(nextYear()).getTime(), 'the end, typed in local time, is kept as that moment');
  assert.deepEqual([code.kind, code.value, code.minSubtotal, code.usageLimit, code.oncePerShopper], ['percent', 10, 20, 100, true]);

  // The same code again: the server's refusal, in the form's alert.
  allow(409, '/api/admin/promotions');
  await create.getByLabel('Code').fill('Spring-E2E');
  await create.getByRole('radio', { name: 'Amount off' }).check();
  await create.getByLabel('Amount off (dollars)').fill('5');
  await create.getByRole('button', { name: 'Create code' }).click();
  await shown(create.getByRole('alert').filter({ hasText: 'Another promotion has this code.' }));

  // End now: asked first, then ended at once.
  const asked = acceptNextQuestion(page);
  await row.getByRole('button', { name: 'End now: SPRING-E2E' }).click();
  assert.match(await asked, /^End SPRING-E2E now\?/);
  await shown(page.getByRole('status').filter({ hasText: 'SPRING-E2E has ended.' }));
  await hasText(cells.nth(6), 'Ended');
  await gone(row.getByRole('button', { name: 'End now: SPRING-E2E' }));
  const { Promotions: after } = await apiGet(page, '/api/admin/promotions');
  assert.ok(new Date(after.find((p) => p.code === 'SPRING-E2E').endsAt).getTime() <= Date.now());

  // Its limit, changed in its dialog; the rule of its uses is checked there too.
  await row.getByRole('button', { name: 'Edit: SPRING-E2E' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit SPRING-E2E' });
  await dialog.getByLabel('Usage limit (orders)').fill('250');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await gone(dialog);
  await hasText(cells.nth(4), '0 of 250');
});

journey('a viewer sees shipping, tax and promotions and can change none of them', async ({ page, allow }) => {
  await signIn(page, allow, VIEWER);
  await page.goto('/admin/shipping');
  await shown(page.getByRole('heading', { level: 1, name: 'Shipping and tax' }));
  await shown(page.getByText('Your account can look but not change anything.'));
  await shown(rowOf(page.getByRole('region', { name: 'Shipping methods table', exact: true }), 'Standard delivery'));
  await shown(page.getByRole('heading', { level: 2, name: 'Tax rates by state' }));
  const main = page.getByRole('main');
  assert.equal(await main.getByRole('button').count(), 0, 'no button on the shipping screen');
  assert.equal(await main.getByRole('form').count(), 0, 'no form on the shipping screen');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promotions' }).click();
  await expectPath(page, '/admin/promotions');
  await shown(page.getByRole('heading', { level: 1, name: 'Promotions' }));
  await shown(page.getByRole('heading', { level: 2, name: 'Codes' }));
  assert.equal(await main.getByRole('button').count(), 0, 'no button on the promotions screen');
  assert.equal(await main.getByRole('form').count(), 0, 'no form on the promotions screen');
});
