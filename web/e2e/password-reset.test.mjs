// A forgotten password (docs/rules.md#password-reset): a shopper follows "Forgot
// password?" from the sign-in page and asks for a link; the store answers as it would for
// any address. Without a mail server the mail waits in the outbox, where an owner reads
// its link (a viewer would not); the link sets a new password once, the old one stops
// working, and the new one signs in. Opened again, the link is refused.
import assert from 'node:assert/strict';
import { answered, expectPath, journey, shown, signInThroughForm, signUpByApi, withStaff } from './harness.mjs';

const OWNER = { username: 'keeper', role: 'owner', password: 'a long passphrase' };
withStaff([OWNER]);

const NEW_PASSWORD = 'correct horse battery';

journey('a forgotten password is reset through the mailed link, once', async ({ page, context, allow }) => {
  const shopper = await signUpByApi(context);
  await context.clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forgot-password');
  await shown(page.getByRole('heading', { level: 1, name: 'Forgot your password?' }));
  // The form's own rule first, then the store's answer, the same for any address.
  await page.getByRole('button', { name: 'Send the link' }).click();
  await shown(page.getByText('Please provide a valid email.'));
  await page.getByLabel('Email').fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: 'Send the link' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'If an account has that address' }));

  // The owner reads the mail in the outbox, with its link.
  await signInThroughForm(page, allow, OWNER);
  await expectPath(page, '/');
  await page.goto('/admin/mail');
  await page.getByRole('link', { name: 'Reset your password' }).first().click();
  await shown(page.getByRole('heading', { level: 1, name: 'Reset your password' }));
  const text = await page.getByRole('region', { name: 'As plain text' }).innerText();
  const link = text.match(/https?:\/\/\S+\/reset-password#token=[\w-]{43}/)?.[0];
  assert.ok(link, text);
  assert.ok(text.replace(/\s+/g, ' ').includes(`your account ${shopper.username}.`), text);
  await context.clearCookies();

  // The link: the token leaves the address bar as the page opens.
  await page.goto(link);
  await shown(page.getByRole('heading', { level: 1, name: 'Choose a new password' }));
  assert.equal(new URL(page.url()).hash, '', 'the token is taken out of the address');
  assert.equal(await page.locator('meta[name="referrer"][content="no-referrer"]').count(), 1);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await shown(page.getByText("Those passwords didn't match. Please try again."));
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Your password is changed. Sign in with it.' }));
  await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
  await expectPath(page, '/login');

  // The old password no longer opens the account; the new one does.
  allow(401, '/api/session');
  await signInThroughForm(page, allow, { username: shopper.username, password: shopper.password });
  await shown(page.getByText('The provided credentials were invalid.'));
  // Signed in, the app asks for the shopper's cart and favorites: both must be answered
  // before the cookies go, or one still on its way is answered 401. (Waiting for the
  // network to be idle is not enough: it may have been idle before the app asked.)
  const settled = answered(page, '/api/cart', '/api/favorites');
  await signInThroughForm(page, allow, { username: shopper.username, password: NEW_PASSWORD });
  await expectPath(page, '/');
  await settled;

  // The link again: refused, with the way to ask for a new one.
  await context.clearCookies();
  allow(400, '/api/password-resets/confirm');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm new password').fill('yet another password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await shown(page.getByText('This link to reset your password has expired or was already used.', { exact: false }));
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expectPath(page, '/forgot-password');
});
