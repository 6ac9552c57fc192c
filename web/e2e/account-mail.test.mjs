// Journeys of the mails an account gets and acts on, in one public demo store
// (`--demo`, docs/operating.md#running-a-public-demo) with an owner to read the outbox:
// a shopper changes their e-mail address, which takes effect once the link mailed to the
// new one is opened, and then signs in with it; a shopper asks to hear when a sold-out
// size is back, staff restock it, the mail goes out (with a link that stops the alerts)
// and the settings list the alert as mailed; a demo shopper, whose mails never leave the
// store, places an order, reads its confirmation in the inbox and follows its link. Without a mail server
// every mail waits in the outbox, where an owner reads its links (docs/rules.md#mail).
import assert from 'node:assert/strict';
import {
  answered,
  apiGet,
  eventually,
  expectPath,
  hasText,
  journey,
  serveWith,
  shown,
  signInThroughForm,
  signUpByApi,
  withStaff,
} from './harness.mjs';

const OWNER = { username: 'keeper', role: 'owner', password: 'a long passphrase' };
withStaff([OWNER]);
serveWith(['--demo']);

// The seed's crew neck tee (product 25), in sizes by colours (db::seed::options).
const TEE = { id: 25, path: '/departments/3/products/25', name: "Men's Classic Crew Neck T-Shirt" };

/** Signs the owner in on a page of their own, and opens the outbox there. */
async function ownerOutbox(another, allow) {
  const staff = await another();
  await signInThroughForm(staff, allow, OWNER);
  await expectPath(staff, '/');
  await staff.goto('/admin/mail');
  await shown(staff.getByRole('heading', { level: 1, name: 'Mail' }));
  return staff;
}

/** The first link matching `pattern` in the plain text of the mail the outbox shows on `staff`. */
async function linkInMail(staff, pattern) {
  const text = await staff.getByRole('region', { name: 'As plain text' }).innerText();
  const link = text.match(pattern)?.[0];
  assert.ok(link, text);
  return link;
}

journey('a new e-mail address takes effect once the link mailed to it is opened', async ({ page, context, another, allow }) => {
  const shopper = await signUpByApi(context);
  const newEmail = shopper.email.replace('@', '.new@');

  await page.goto('/account/settings');
  await shown(page.getByRole('heading', { level: 1, name: 'Account settings' }));
  const account = page.getByRole('region', { name: 'Name and e-mail' });
  await account.getByLabel('Email').fill(newEmail);
  await account.getByLabel('Current password').fill(shopper.password);
  await account.getByRole('button', { name: 'Save name and e-mail' }).click();
  await hasText(account.getByRole('status'), 'We sent a link to the new address.');
  await shown(account.locator('p').filter({ hasText: `We sent a link to ${newEmail}. Your e-mail changes when you open it.` }));
  // Until then the account keeps its address.
  assert.equal(await account.getByLabel('Email').inputValue(), shopper.email);

  // The owner reads the mail to the new address, with its link.
  const staff = await ownerOutbox(another, allow);
  await staff.getByRole('row').filter({ hasText: newEmail }).getByRole('link').first().click();
  const link = await linkInMail(staff, /https?:\/\/\S+\/account\/email#token=[\w-]+/);

  // The link: the token leaves the address bar as the page opens, and the address changes.
  await page.goto(link);
  await shown(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' }));
  await shown(page.getByRole('main').getByRole('status'));
  assert.equal(new URL(page.url()).hash, '', 'the token is taken out of the address');
  assert.equal(await page.locator('meta[name="referrer"][content="no-referrer"]').count(), 1);
  assert.equal(await page.getByRole('main').getByRole('alert').count(), 0);
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expectPath(page, '/account/settings');
  const email = page.getByRole('region', { name: 'Name and e-mail' }).getByLabel('Email');
  await eventually(async () => assert.equal(await email.inputValue(), newEmail));
  assert.equal(await page.getByText('Your e-mail changes when you open it.').count(), 0);

  // The new address signs in (once the signed-in page has asked all it asks: a request
  // still on its way when the cookies go would be answered 401).
  await page.waitForLoadState('networkidle');
  await context.clearCookies();
  await signInThroughForm(page, allow, { username: newEmail, password: shopper.password });
  await expectPath(page, '/');
});

journey('a shopper asks to hear when a sold-out size is back, and is mailed once staff restock it', async ({ page, context, another, allow }) => {
  const tee = await apiGet(page, `/api/products/${TEE.id}`);
  const navyM = tee.variants.find((v) => v.options.Size === 'M' && v.options.Colour === 'Navy');
  assert.ok(navyM, 'the tee is sold in M, Navy');
  const stockOf = (staffPage) => staffPage.getByRole('region', { name: 'Options and variants' }).getByRole('textbox', { name: 'Stock of M, Navy (units)' });
  const saveVariants = async (staffPage) => {
    const section = staffPage.getByRole('region', { name: 'Options and variants' });
    await section.getByRole('button', { name: 'Save options and variants' }).click();
    await shown(section.getByRole('status').filter({ hasText: 'Options and variants saved.' }));
  };

  // Staff sell the last of M in navy.
  const staff = await ownerOutbox(another, allow);
  await staff.goto(`/admin/products/${TEE.id}`);
  await stockOf(staff).fill('0');
  await saveVariants(staff);

  // A visitor who asks is led to sign in, as by "Add to cart".
  await page.goto(`${TEE.path}?variant=${navyM.id}`);
  await page.getByRole('button', { name: "Email me when it's back" }).click();
  const dialog = page.getByRole('dialog', { name: 'You must be logged in to shop' });
  await shown(dialog.getByText("Sign in, and we'll e-mail you when it's back in stock."));
  await page.keyboard.press('Escape');

  // A shopper asks; the page then says so, and says it again when opened later.
  const shopper = await signUpByApi(context);
  await page.reload();
  const ask = page.getByRole('button', { name: "Email me when it's back" });
  const asked = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stock-alerts' && r.request().method() === 'POST');
  const said = page.getByRole('main').getByRole('status').filter({ hasText: "We'll e-mail you when it's back." });
  const [answer] = await Promise.all([asked(), ask.click()]);
  assert.equal(answer.status(), 201);
  await shown(said);
  await page.reload();
  await shown(said);
  assert.equal(await ask.count(), 0, 'no second offer for an item already waited for');
  await page.goto('/account/settings');
  const alerts = page.getByRole('list', { name: 'Your back-in-stock alerts' }).getByRole('listitem');
  await shown(alerts.filter({ hasText: TEE.name }).getByText('Waiting', { exact: true }));
  assert.equal(await alerts.count(), 1);
  await shown(alerts.first().getByText('Size: M · Colour: Navy'));

  // Staff restock it: the mail is written at once, to the shopper, with a link that stops the alerts.
  await staff.goto(`/admin/products/${TEE.id}`);
  await stockOf(staff).fill('3');
  await saveVariants(staff);
  await staff.goto('/admin/mail');
  const row = staff.getByRole('row').filter({ hasText: shopper.email }).filter({ hasText: 'stock.back' });
  await shown(row);
  await row.getByRole('link').first().click();
  const unsubscribe = await linkInMail(staff, /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/);

  // The settings list the alert as mailed.
  const settled = answered(page, '/api/cart', '/api/favorites');
  await page.reload();
  await shown(alerts.filter({ hasText: TEE.name }).getByText(/^Mailed on /));

  // The mail's link stops what still waits, signed in or not, once asked (and once the
  // reloaded app's own requests are answered, or one on its way when the cookies go is
  // answered 401).
  await settled;
  await context.clearCookies();
  await page.goto(unsubscribe);
  await shown(page.getByRole('heading', { level: 1, name: 'Stop back-in-stock mails?' }));
  await page.getByRole('button', { name: 'Stop the mails' }).click();
  await shown(page.getByRole('main').getByRole('status'));
});

journey('a demo shopper places an order and reads its confirmation in the inbox', async ({ page, allow }) => {
  // As in the demo journey: a first visit's calls may race for the anti-forgery cookie.
  allow(403, '/api/session');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in as demo user' }).click();
  await expectPath(page, '/');
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));

  await page.goto('/checkout');
  await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Place your order' }).click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop();
  const subject = `Order #${orderId} confirmed`;

  // Its e-mail and password are not offered; its mails are in the inbox.
  await page.goto('/account/settings');
  await shown(page.getByRole('heading', { level: 2, name: 'Name, e-mail and password' }));
  assert.equal(await page.getByLabel('Current password').count(), 0);
  await page.getByRole('link', { name: 'inbox', exact: true }).click();
  await expectPath(page, '/account/inbox');
  await page.getByRole('list', { name: 'Your mails' }).getByRole('link', { name: new RegExp(`^${subject}\\b`) }).click();
  await shown(page.getByRole('heading', { level: 2, name: subject }));
  // As the recipient sees it: the HTML part, in its frame, whose link opens in the whole window.
  const mail = page.frameLocator(`iframe[title="${subject}"]`);
  await shown(mail.getByText(`Order #${orderId}`, { exact: false }));
  await mail.getByRole('link', { name: 'View your order' }).click();
  await expectPath(page, `/orders/${orderId}`);
});
