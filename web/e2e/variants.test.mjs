// Journeys: a product sold in sizes and colours (docs/rules.md#variants), chosen on its
// page, found by the option filters of its department, and given a new size in the back
// office's variant grid. The seed's crew neck tee (product 25) comes in XS-XL by White,
// Black and Navy, XL $2 more; in White, XS and L are sold out (`db::seed::options`).
import assert from 'node:assert/strict';
import { appStarted, cartLink, eventually, expectPath, hasAttribute, hasText, journey, productCards, shown, signUpByApi, withStaff } from './harness.mjs';

const STAFF = { username: 'merchandiser', role: 'staff', password: 'a long passphrase' };
withStaff([STAFF]);

const TEE = '/departments/3/products/25';
const NAME = "Men's Classic Crew Neck T-Shirt";

journey('a shopper chooses a size and colour, keeps it in the address, and finds it on the cart and order lines', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto(TEE);
  await shown(page.getByRole('heading', { level: 1, name: NAME }));
  // The server's first screen shows the choice; the app then takes it over (choosing
  // before that is the page's plain form, which the app's render replaces).
  await appStarted(page);
  const size = page.getByRole('group', { name: /^Size/ });
  const colour = page.getByRole('group', { name: /^Colour/ });
  await shown(size);

  // The price follows the choice, with no request: XL asks $2 more.
  const price = page.getByRole('main').getByText(/^\$\d+\.\d\d$/).first();
  const requests = [];
  // The app's own start (session, cart, favorites) may still be asking: only the
  // catalog's answers would be the choice's.
  page.on('request', (r) => /\/api\/(products|departments|search)/.test(r.url()) && requests.push(r.url()));
  await colour.getByRole('radio', { name: 'Navy', exact: true }).check();
  await size.getByRole('radio', { name: 'XL', exact: true }).check();
  await hasText(price, '$14.00');
  await size.getByRole('radio', { name: 'M', exact: true }).check();
  await hasText(price, '$12.00');
  assert.deepEqual(requests, [], 'choosing asks the server nothing');
  assert.match(page.url(), /\?variant=\d+$/);

  // Sold-out values are shown and announced as such for the colour chosen.
  await colour.getByRole('radio', { name: 'White', exact: true }).check();
  await shown(size.getByRole('radio', { name: /^L\W+sold out$/ }));
  await shown(size.getByRole('radio', { name: /^XS\W+sold out$/ }));
  await colour.getByRole('radio', { name: 'Navy', exact: true }).check();

  // The address opens that variant again.
  const chosen = page.url();
  await page.reload();
  assert.equal(page.url(), chosen);
  await shown(page.getByRole('heading', { level: 1, name: NAME }));
  await appStarted(page);
  assert.equal(await size.getByRole('radio', { name: 'M', exact: true }).isChecked(), true);
  assert.equal(await colour.getByRole('radio', { name: 'Navy', exact: true }).isChecked(), true);

  // The heart keeps the choice with the favorite.
  const heart = page.getByRole('main').getByRole('button', { name: `Favorite ${NAME}` }).first();
  await heart.click();
  await hasAttribute(heart, 'aria-pressed', 'true');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await hasText(page.getByRole('status').filter({ hasText: 'Added' }), `Added ${NAME} (M, Navy) to your cart`);
  await cartLink(page).click();
  await expectPath(page, '/cart');
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').first();
  await shown(line.getByText('Size: M · Colour: Navy'));

  await page.getByRole('link', { name: 'Check out' }).click();
  await expectPath(page, '/checkout');
  await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Place your order' }).click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  await shown(page.getByText('Size: M · Colour: Navy'));

  // The favorite names the choice and opens the product on it.
  await page.goto('/favorites');
  const favorite = page.getByRole('list', { name: 'Your favorites' }).getByRole('listitem').filter({ hasText: NAME });
  await shown(favorite.getByText('Size: M · Colour: Navy'));
  await favorite.getByRole('link', { name: NAME, exact: true }).click();
  await expectPath(page, TEE);
  assert.equal(new URL(page.url()).search, chosen.slice(chosen.indexOf('?')));
  await appStarted(page);
  assert.equal(await page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: 'M', exact: true }).isChecked(), true);
});

/** The count a facet's checkbox shows: "Navy (12)" is 12. */
const countOf = async (checkbox) => Number((await checkbox.locator('xpath=..').innerText()).match(/\(([\d,]+)\)/)[1].replaceAll(',', ''));
const optionsOf = (page) => new URL(page.url()).searchParams.getAll('option');

journey('a shopper narrows a department by colour and size: the counts follow, the address keeps the choice, a chip takes one off', async ({ page }) => {
  await page.goto('/departments/3');
  await shown(page.getByRole('heading', { level: 1, name: 'Clothing' }));
  await appStarted(page);
  const filters = page.getByRole('region', { name: 'Filters' });
  const colour = filters.getByRole('group', { name: 'Colour' });
  const size = filters.getByRole('group', { name: 'Size' });
  const cards = productCards(page, 'Clothing products');

  // Navy (past the first values: "Show all" brings it): exactly the products sold in
  // navy, as many as its count said.
  await colour.getByRole('button', { name: /^Show all \d+ Colour values$/ }).click();
  const navy = colour.getByRole('checkbox', { name: /^Navy\b/ });
  const inNavy = await countOf(navy);
  assert.ok(inNavy >= 1 && inNavy <= 24, `a page holds every navy product (${inNavy})`);
  await navy.check();
  await eventually(async () => assert.deepEqual(optionsOf(page), ['Colour:Navy']));
  await eventually(async () => assert.equal(await cards.count(), inNavy));
  // The other options are counted among navy products now; Navy's own count stays.
  assert.equal(await countOf(navy), inNavy);
  const medium = size.getByRole('checkbox', { name: /^M\b/ });
  const navyInM = await countOf(medium);
  assert.ok(navyInM >= 1 && navyInM <= inNavy, `M among navy: ${navyInM} of ${inNavy}`);

  await medium.check();
  await eventually(async () => assert.deepEqual(optionsOf(page).sort(), ['Colour:Navy', 'Size:M']));
  await eventually(async () => assert.equal(await cards.count(), navyInM));
  for (const card of await cards.all()) await shown(card.getByText(/Choose options|Out of stock/));

  // A reload keeps both; the chip of one takes it off.
  const chosen = page.url();
  await page.reload();
  assert.equal(page.url(), chosen);
  await appStarted(page);
  assert.equal(await medium.isChecked(), true);
  assert.equal(await navy.isChecked(), true);
  await page.getByRole('button', { name: 'Remove filter: Size: M' }).click();
  await eventually(async () => assert.deepEqual(optionsOf(page), ['Colour:Navy']));
  await eventually(async () => assert.equal(await cards.count(), inNavy));
});

journey('a staff member adds a size in the variant grid, sets its units with the keyboard, and shoppers can choose it', async ({ page, allow }) => {
  allow(403, '/api/session');
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(STAFF.username);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/');

  await page.goto('/admin/products/25');
  const section = page.getByRole('region', { name: 'Options and variants' });
  await shown(section.getByRole('textbox', { name: 'SKU of XS, White' }));
  const addSize = section.getByRole('form', { name: 'Add a value to Size' });
  await addSize.getByLabel('Add a value').fill('XXL');
  await addSize.getByRole('button', { name: 'Add', exact: true }).click();
  // Its variants appear, one a colour, with SKUs proposed from the product's.
  for (const colour of ['White', 'Black', 'Navy']) await shown(section.getByRole('textbox', { name: `SKU of XXL, ${colour}` }));

  // Units typed in one cell, then ArrowUp to the same column a row above.
  await section.getByRole('textbox', { name: 'Stock of XXL, Navy (units)' }).fill('6');
  await page.keyboard.press('ArrowUp');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  assert.equal(await focused(), 'Stock of XXL, Black (units)');
  await page.keyboard.type('3');
  await section.getByRole('button', { name: 'Save options and variants' }).click();
  await shown(section.getByRole('status').filter({ hasText: 'Options and variants saved.' }));

  // The storefront sells it: XXL in navy has 6 left, in white none.
  await page.goto('/departments/3/products/25');
  await appStarted(page);
  const size = page.getByRole('group', { name: /^Size/ });
  const colour = page.getByRole('group', { name: /^Colour/ });
  await colour.getByRole('radio', { name: 'Navy', exact: true }).check();
  await size.getByRole('radio', { name: 'XXL', exact: true }).check();
  await shown(page.getByRole('main').getByText('Only 6 left'));
  await colour.getByRole('radio', { name: 'Black', exact: true }).check();
  await shown(page.getByRole('main').getByText('Only 3 left'));
  // White has no XXL: the colour says so while XXL is chosen, and XXL says so once white is.
  await colour.getByRole('radio', { name: /^White\W+sold out$/ }).check();
  await shown(size.getByRole('radio', { name: /^XXL\W+sold out$/ }));
});
