// Journey 3: hearts on department cards and product pages, and the favorites page with
// its empty state (docs/rules.md#favorites, docs/rules.md#screens).
import assert from 'node:assert/strict';
import {
  cardName,
  expectPath,
  gone,
  hasAttribute,
  journey,
  openAccountMenu,
  productCards,
  shown,
  signUpByApi,
} from './harness.mjs';

const EMPTY_MESSAGE =
  "You currently don't have any favorited items. Once you've favorited items that you love or want to keep track of, they will be shown here.";

journey('a shopper favorites from a card and a product page, and sees them on the favorites page', async ({ page, context }) => {
  await signUpByApi(context);

  // Empty at first: 'Show some love!' and the four suggested departments.
  await page.goto('/favorites');
  await shown(page.getByRole('heading', { level: 1, name: 'Favorites' }));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await shown(crumbs.getByRole('link', { name: 'Market' }));
  await shown(crumbs.getByText('Favorites'));
  await shown(page.getByRole('heading', { name: 'Show some love!' }));
  await shown(page.getByText(EMPTY_MESSAGE));
  const suggestions = page.getByRole('navigation', { name: 'Shop categories' }).getByRole('link');
  await shown(suggestions);
  assert.deepEqual(
    await suggestions.evaluateAll((links) => links.map((a) => [a.textContent, new URL(a.href).pathname])),
    [
      ['Electronics', '/departments/5'],
      ['Video Games', '/departments/6'],
      ['Furniture', '/departments/9'],
      ['Pets', '/departments/8'],
    ],
  );

  // From a department card.
  await suggestions.getByText('Video Games').click();
  await expectPath(page, '/departments/6');
  const cards = productCards(page, 'Video Games products');
  const fromCard = await cardName(cards.first());
  const cardHeart = cards.first().getByRole('button', { name: `Favorite ${fromCard}` });
  await hasAttribute(cardHeart, 'aria-pressed', 'false');
  await cardHeart.click();
  await hasAttribute(cardHeart, 'aria-pressed', 'true');

  // From a product page.
  const second = cards.nth(1);
  const fromPage = await cardName(second);
  await second.getByRole('link', { name: fromPage }).click();
  await shown(page.getByRole('heading', { level: 1, name: fromPage }));
  const pageHeart = page.getByRole('button', { name: `Favorite ${fromPage}` });
  await hasAttribute(pageHeart, 'aria-pressed', 'false');
  await pageHeart.click();
  await hasAttribute(pageHeart, 'aria-pressed', 'true');

  // The hearts are kept on the server: a reload shows them filled.
  await page.goto('/departments/6');
  await hasAttribute(page.getByRole('button', { name: `Favorite ${fromCard}` }), 'aria-pressed', 'true');
  await hasAttribute(page.getByRole('button', { name: `Favorite ${fromPage}` }), 'aria-pressed', 'true');

  // The favorites page, reached from the account menu: newest first.
  await (await openAccountMenu(page)).getByRole('link', { name: 'Favorites' }).click();
  await expectPath(page, '/favorites');
  const favorites = productCards(page, 'Your favorites');
  await shown(favorites);
  assert.deepEqual((await favorites.getByRole('heading').allInnerTexts()).map((t) => t.trim()), [fromPage, fromCard]);
  for (const [i, name] of [fromPage, fromCard].entries()) {
    const card = favorites.nth(i);
    await hasAttribute(card.getByRole('button', { name: `Favorite ${name}` }), 'aria-pressed', 'true');
    await shown(card.getByRole('link', { name, exact: true }));
    await shown(card.getByText(/^\$[\d,]+\.\d\d$/));
    await shown(card.getByRole('img', { name: /out of 5 stars, \d+ reviews?$/ }));
    await shown(card.getByText('When purchased online'));
    await shown(card.getByText('Free shipping with RedCard'));
    await shown(card.getByText('Ready within 2 hours with pickup'));
    await shown(card.getByRole('button', { name: 'Add to cart' }));
  }
  await gone(page.getByRole('heading', { name: 'Show some love!' }));

  // Un-favoriting on the page removes the card; the last one brings the empty state back.
  await favorites.first().getByRole('button', { name: `Favorite ${fromPage}` }).click();
  await gone(page.getByRole('link', { name: fromPage }));
  await page.getByRole('button', { name: `Favorite ${fromCard}` }).click();
  await shown(page.getByRole('heading', { name: 'Show some love!' }));
  await page.reload();
  await shown(page.getByRole('heading', { name: 'Show some love!' }));

  // And the product page's heart is empty again.
  await page.goto('/departments/6');
  await hasAttribute(page.getByRole('button', { name: `Favorite ${fromPage}` }), 'aria-pressed', 'false');
});
