// Journey: a public demo (`market serve --demo`, docs/operating.md#running-a-public-demo).
// Every visitor who presses "Sign in as demo user" gets a demo shopper of their own,
// already holding a cart line; what one adds is in their cart only.
import assert from 'node:assert/strict';
import {
  cardName,
  cartLink,
  expectPath,
  hasText,
  journey,
  openAccountMenu,
  productCards,
  serveWith,
  shown,
} from './harness.mjs';

serveWith(['--demo']);

/** The product names in the cart page's list, in order. */
async function cartLines(page) {
  await cartLink(page).click();
  await expectPath(page, '/cart');
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await shown(lines);
  const names = [];
  for (let i = 0; i < (await lines.count()); i++) names.push((await lines.nth(i).getByRole('link').first().innerText()).trim());
  return names;
}

journey('two visitors press "Sign in as demo user", each adds a product, and each cart holds only its own', async ({ page, another, allow }) => {
  // As in the accounts journey: a first visit's calls may race for the anti-forgery
  // cookie; the app then signs in again.
  allow(403, '/api/session');
  const visitors = [page, await another()];
  for (const visitor of visitors) {
    await visitor.goto('/login');
    // The sign-in page of a public demo names the back office's look-only login.
    await shown(visitor.getByText(/To look around the back office, sign in as admin with the password look-around/));
    await visitor.getByRole('button', { name: 'Sign in as demo user' }).click();
    await expectPath(visitor, '/');
    await shown(visitor.getByRole('link', { name: 'Cart, 1 item' }));
  }

  // The account menu says whose the account is and when it goes.
  const menu = await openAccountMenu(page);
  await shown(menu.getByText(/This demo account is yours alone\. It goes, with all it holds, on .+ \(24 hours after your last visit\)\./));
  await page.keyboard.press('Escape');

  // Each adds a different product to the line it came with.
  const came = [await cartLines(visitors[0]), await cartLines(visitors[1])];
  assert.deepEqual(came.map((lines) => lines.length), [1, 1]);
  const added = [];
  for (const [i, visitor] of visitors.entries()) {
    await visitor.goto('/departments/5');
    // Two cards with 'Deliver it' (sold as one thing, in stock), as the checkout journey picks.
    const card = productCards(visitor, 'Electronics products').nth([2, 7][i]);
    const name = await cardName(card);
    await card.getByRole('button', { name: 'Deliver it' }).click();
    await hasText(card.getByRole('status'), `Added ${name} to your cart`);
    await shown(visitor.getByRole('link', { name: 'Cart, 2 items' }));
    added.push(name);
  }

  for (const [i, visitor] of visitors.entries()) {
    const lines = await cartLines(visitor);
    assert.deepEqual(lines.toSorted(), [...came[i], added[i]].toSorted(), `visitor ${i + 1}'s cart holds its own lines only`);
  }
});
