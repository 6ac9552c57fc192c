// Journey 1: a visitor browses, is asked to sign in to shop, and is kept out of the
// shopper's screens (docs/rules.md#screens).
import assert from 'node:assert/strict';
import { cardName, eventually, expectPath, gone, hasText, journey, productCards, shown } from './harness.mjs';

journey('a visitor browses from the landing page to a department and a product', async ({ page }) => {
  await page.goto('/');
  await shown(page.getByRole('heading', { level: 1, name: 'Up to 50% off gifts for everyone on your list' }));
  await shown(page.getByRole('heading', { name: 'Holiday deals' }));
  await shown(page.getByRole('heading', { name: 'Shop by category' }));

  await page.getByRole('link', { name: 'Electronics', exact: true }).click();
  await expectPath(page, '/departments/5');
  await shown(page.getByRole('heading', { level: 1, name: 'Electronics' }));
  const products = productCards(page, 'Electronics products');
  await shown(products);
  const count = await products.count();
  await shown(page.getByText(`${count} results`, { exact: true }));

  // A card: name link, price, stars with a review count, heart, 'Deliver it'.
  const card = products.first();
  const name = await cardName(card);
  await shown(card.getByRole('button', { name: `Favorite ${name}` }));
  await shown(card.getByRole('img', { name: /out of 5 stars, \d+ reviews?$/ }));
  await shown(card.getByText(/^\$[\d,]+\.\d\d$/));
  await shown(card.getByRole('button', { name: 'Deliver it' }));

  await card.getByRole('link', { name, exact: true }).click();
  await expectPath(page, /^\/departments\/5\/products\/\d+$/);
  await shown(page.getByRole('heading', { level: 1, name }));
  await eventually(async () => assert.equal(await page.title(), `${name} · Market`));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await shown(crumbs.getByRole('link', { name: 'Market' }));
  await shown(crumbs.getByRole('link', { name: 'Electronics' }));
  await shown(page.getByRole('heading', { name: 'About this item' }));
  await shown(page.getByRole('heading', { name: 'Guest ratings & reviews' }));
  await shown(page.getByRole('button', { name: 'Add to cart' }));
  // Only a signed-in shopper may write a review.
  if (await page.getByRole('link', { name: 'Write a review' }).isVisible())
    throw new Error("a visitor sees 'Write a review'");

  // A product address with the wrong department is corrected.
  await page.goto('/departments/1/products/51');
  await expectPath(page, '/departments/5/products/51');

  // The landing page's promo panels lead to products 51 and 61.
  await page.getByRole('link', { name: 'Market home' }).click();
  await expectPath(page, '/');
  await page.getByRole('link', { name: /Up to 50% off TVs/ }).click();
  await expectPath(page, '/departments/5/products/51');
  await page.goBack();
  await page.getByRole('link', { name: /Save \$50 on the console/ }).click();
  await expectPath(page, '/departments/6/products/61');
});

journey("a visitor who tries to shop is told to sign in, and the heart sends them to sign in", async ({ page }) => {
  await page.goto('/departments/5');
  // A product sold as one thing: one sold by variant is chosen on its page.
  const card = productCards(page, 'Electronics products')
    .filter({ has: page.getByRole('button', { name: 'Deliver it' }) })
    .nth(1);
  await card.getByRole('button', { name: 'Deliver it' }).click();
  const modal = page.getByRole('dialog', { name: 'You must be logged in to shop' });
  await shown(modal);
  await shown(modal.getByRole('heading', { name: 'You must be logged in to shop' }));
  await hasText(modal.getByRole('link', { name: 'Log in' }), 'Log in');
  const createAccount = modal.getByRole('link', { name: 'Create account' });
  await shown(createAccount);
  await modal.getByRole('button', { name: 'Keep browsing' }).click();
  await gone(modal);
  // Escape closes it too, and the keyboard is back on the button that opened it.
  const deliver = card.getByRole('button', { name: 'Deliver it' });
  await deliver.click();
  await shown(modal);
  await page.keyboard.press('Escape');
  await gone(modal);
  assert.equal(await deliver.evaluate((button) => button === document.activeElement), true, 'focus went back to Deliver it');

  // Again from a product page, through its 'Add to cart'; 'Create account' leads to sign-up.
  const name = await cardName(card);
  await card.getByRole('link', { name, exact: true }).click();
  await shown(page.getByRole('heading', { level: 1, name }));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await modal.getByRole('link', { name: 'Create account' }).click();
  await expectPath(page, '/signup');
  await shown(page.getByRole('heading', { name: 'Create your Market account' }));
  await page.goBack();
  await shown(page.getByRole('heading', { level: 1, name }));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await modal.getByRole('link', { name: 'Log in' }).click();
  await expectPath(page, '/login');
  await shown(page.getByRole('heading', { name: 'Sign in to Market' }));

  // The heart, on a product page and on a card.
  await page.goBack();
  await page.getByRole('button', { name: `Favorite ${name}` }).click();
  await expectPath(page, '/login');
  await page.goto('/departments/5');
  await page.getByRole('list', { name: 'Electronics products' }).getByRole('button', { name: /^Favorite / }).first().click();
  await expectPath(page, '/login');
});

journey("a visitor is sent home from the shopper's screens, and from checkout to the cart", async ({ page }) => {
  const protectedPaths = [
    '/account',
    '/account/orders',
    '/account/addresses',
    '/account/reviews',
    '/account/settings',
    '/account/inbox',
    '/orders/1',
    '/order-confirmation/1',
    '/products/1/add-review',
    '/reviews/1/edit',
  ];
  for (const path of protectedPaths) {
    await page.goto(path);
    await expectPath(page, '/');
    await shown(page.getByRole('heading', { level: 1, name: 'Up to 50% off gifts for everyone on your list' }));
  }
  await page.goto('/checkout');
  await expectPath(page, '/cart');
  await shown(page.getByRole('heading', { level: 1, name: 'Your cart' }));
  await shown(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }));

  // The favorites page asks a visitor to sign in rather than showing an empty list.
  await page.goto('/favorites');
  await shown(page.getByRole('heading', { name: 'Keep track of what you love' }));
  await shown(page.getByRole('main').getByRole('link', { name: 'Create account' }));
});

journey('an unknown address shows a friendly page with the bar, the footer and a way home', async ({ page, allow }) => {
  // The server says so too (a 404 with the app's page), for crawlers and link checkers.
  allow(404, '/no/such/page');
  const answer = await page.goto('/no/such/page');
  assert.equal(answer.status(), 404);
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that page" }));
  await shown(page.getByRole('navigation', { name: 'Main' }));
  await shown(page.getByRole('contentinfo'));
  await eventually(async () => assert.equal(await page.title(), 'Page not found · Market'));
  await page.getByRole('link', { name: 'Go to the Market home page' }).click();
  await expectPath(page, '/');

  // A product that does not exist: a 404, and the page says so.
  allow(404, '/departments/5/products/999999');
  await page.goto('/departments/5/products/999999');
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that product" }));
});
