// Journey 6: the marketing pages, their fixed texts, the Market Square rule for its
// account buttons, and the weekly ad's gallery (docs/rules.md#screens).
import assert from 'node:assert/strict';
import { eventually, expectPath, gone, hasText, journey, shown, signUpByApi } from './harness.mjs';

/** Where a link leads, as a path. */
const target = async (link) => new URL(await link.evaluate((a) => a.href)).pathname;

journey('the RedCard page shows its offer, compares the three cards, and every apply button leads home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'RedCard' }).click();
  await expectPath(page, '/redcard');
  await shown(page.getByRole('heading', { level: 1, name: 'Save 5% today & every day' }));
  await eventually(async () => assert.equal(await page.title(), 'RedCard · Market'));
  await shown(page.getByText('Up to $675'));
  await shown(page.getByText('Nearly $500'));

  const table = page.getByRole('table', { name: 'RedCard credit card, debit card and reloadable account compared' });
  await shown(table);
  for (const card of ['Credit Card', 'Debit Card', 'Reloadable Account'])
    await shown(table.getByRole('columnheader', { name: card }));
  await shown(table.getByRole('rowheader', { name: 'Cash withdrawal at checkout' }));
  await shown(table.getByRole('cell', { name: 'Up to $40' }));

  // No real application flow: every apply button on the page leads home.
  const apply = page.getByRole('main').getByRole('link', { name: /^Apply/ });
  const names = await apply.allInnerTexts();
  for (const name of ['Apply now', 'Apply for Credit Card', 'Apply for Debit Card', 'Apply for Reloadable Account'])
    assert.ok(names.includes(name), `no '${name}' among ${JSON.stringify(names)}`);
  for (const link of await apply.all()) assert.equal(await target(link), '/', `${await link.innerText()} leads home`);

  await page.getByRole('link', { name: 'Explore Market Square' }).click();
  await expectPath(page, '/square');
  await page.goBack();
  await page.getByRole('link', { name: 'Apply for Debit Card' }).click();
  await expectPath(page, '/');
});

journey('Market Square offers Sign in and Create account to visitors only', async ({ page, context }) => {
  await page.goto('/square');
  await shown(page.getByRole('heading', { level: 1, name: 'Market Square' }));
  const main = page.getByRole('main');
  const signIn = main.getByRole('link', { name: 'Sign in', exact: true });
  const createAccount = main.getByRole('link', { name: 'Create account', exact: true });
  await shown(signIn);
  assert.equal(await target(signIn), '/login');
  assert.equal(await target(createAccount), '/signup');
  await shown(page.getByRole('heading', { name: 'Member benefits' }));
  await shown(page.getByRole('heading', { name: 'How to earn and redeem' }));
  await page.getByRole('link', { name: 'Explore RedCard' }).click();
  await expectPath(page, '/redcard');

  const shopper = await signUpByApi(context);
  await page.goto('/square');
  await shown(page.getByText(`Welcome back, ${shopper.firstName}.`, { exact: false }));
  await gone(signIn);
  await gone(createAccount);
  assert.equal(await signIn.count(), 0);
  assert.equal(await createAccount.count(), 0);
});

journey('the weekly ad shows its dates and opens a gallery of four pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Weekly Ad' }).click();
  await expectPath(page, '/weeklyad');
  await shown(page.getByRole('heading', { level: 1, name: 'Weekly Ad' }));
  await shown(page.getByText('Prices Valid Jan 1 - Jan 7', { exact: true }));
  await shown(page.getByText('07 days to save', { exact: true }));
  await shown(page.getByRole('heading', { name: "This week's highlights" }));
  const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link');
  assert.deepEqual(await legal.allInnerTexts(), [
    'Terms',
    'Privacy',
    'Interest-Based Ads',
    'CA Supply Chain Act',
    'CA Privacy',
    'My Privacy Choices',
  ]);

  // The gallery: View opens it on page 1; Next and Previous page through (wrapping
  // around), as do the arrow keys; there is no play button.
  const view = page.getByRole('button', { name: 'View', exact: true });
  await view.click();
  const gallery = page.getByRole('dialog', { name: 'Weekly ad pages' });
  await shown(gallery);
  const adPage = gallery.getByRole('img', { name: /^Weekly ad page \d of 4/ });
  const indicator = gallery.getByText(/^Page \d of 4$/);
  const showsPage = async (n) => {
    await hasText(indicator, `Page ${n} of 4`);
    await shown(gallery.getByRole('img', { name: new RegExp(`^Weekly ad page ${n} of 4, `) }));
    assert.equal(await adPage.count(), 1);
  };
  await showsPage(1);
  assert.deepEqual(
    (await gallery.getByRole('button').all()).length,
    3,
    'the gallery has Close, Previous and Next, and no play button',
  );
  await shown(gallery.getByRole('button', { name: 'Close' }));
  await gone(gallery.getByRole('button', { name: /play/i }));

  const next = gallery.getByRole('button', { name: 'Next' });
  const previous = gallery.getByRole('button', { name: 'Previous' });
  await next.click();
  await showsPage(2);
  await next.click();
  await next.click();
  await showsPage(4);
  await next.click();
  await showsPage(1);
  await previous.click();
  await showsPage(4);
  await previous.click();
  await showsPage(3);
  await page.keyboard.press('ArrowRight');
  await showsPage(4);
  await page.keyboard.press('ArrowLeft');
  await showsPage(3);

  // Escape closes it and puts the keyboard back on View; it opens again on page 1.
  await page.keyboard.press('Escape');
  await gone(gallery);
  await eventually(async () => assert.equal(await view.evaluate((b) => b === document.activeElement), true, 'focus is back on View'));
  await page.keyboard.press('Enter');
  await shown(gallery);
  await showsPage(1);
  await gallery.getByRole('button', { name: 'Close' }).click();
  await gone(gallery);
  await eventually(async () => assert.equal(await view.evaluate((b) => b === document.activeElement), true, 'focus is back on View'));
});
