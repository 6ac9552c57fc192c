// Journey 7: finding things in a large catalog (docs/rules.md#discovery): the search box's
// suggestions with the keyboard, a filtered and sorted search held in the address (and a
// misspelt one read as the catalog's word, with "Did you mean"), pages
// with Back and Forward, and the phone's filter panel. The store starts on 3,000 products
// (about 230 a department), so a department has several pages.
import assert from 'node:assert/strict';
import {
  appStarted,
  cardName,
  cents,
  eventually,
  expectPath,
  gone,
  hasAttribute,
  journey,
  productCards,
  seedCatalog,
  shown,
} from './harness.mjs';

seedCatalog(3000);

const searchBox = (page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page) => page.getByRole('listbox', { name: 'Search suggestions' });

/** Waits until the suggestions shown answer the words in the box (not earlier ones). */
async function suggestionsFor(page) {
  await shown(suggestions(page));
  await hasAttribute(suggestions(page), 'aria-busy', 'false');
}

/** The names, brands and prices (in cents) of a grid's cards, once it is not loading. */
async function cardsOf(page, listName) {
  const cards = productCards(page, listName);
  await shown(cards);
  await eventually(async () => assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'results still loading'));
  return cards.evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('h2, h3').textContent.trim(),
      brand: item.querySelector(':is(h2, h3) + p').textContent.trim(),
      price: item.querySelector('article').textContent.match(/\$[\d,]+\.\d\d/)[0],
    })),
  );
}

/** Page `n`'s cards, once the page links say page `n` is the one shown (not the previous one, dimmed). */
async function cardsOfPage(page, listName, n) {
  const current = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: `Page ${n}`, exact: true });
  await hasAttribute(current, 'aria-current', 'page');
  return cardsOf(page, listName);
}

/** The address's query parameters, as [name, value] pairs in order. */
const paramsOf = (page) => [...new URL(page.url()).searchParams];

journey('the search box suggests departments, brands and products, and works with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // The ids below are the app's: the server's first screen names its own.
  await appStarted(page);
  const box = searchBox(page);
  await hasAttribute(box, 'aria-expanded', 'false');
  await hasAttribute(box, 'aria-autocomplete', 'list');
  const listboxId = await box.getAttribute('aria-controls');
  assert.equal(await page.locator(`[id="${listboxId}"]`).getAttribute('role'), 'listbox');

  // A department: type, ArrowDown highlights the first suggestion, Enter opens it.
  await box.click();
  await page.keyboard.type('electr');
  await suggestionsFor(page);
  await hasAttribute(box, 'aria-expanded', 'true');
  await shown(page.getByRole('status').filter({ hasText: /^\d+ suggestions?$/ }));
  const department = suggestions(page).getByRole('group', { name: 'Departments' }).getByRole('option').first();
  await shown(department);
  assert.equal(await department.getAttribute('aria-selected'), 'false');
  await page.keyboard.press('ArrowDown');
  const firstId = await suggestions(page).getByRole('option').first().getAttribute('id');
  await hasAttribute(box, 'aria-activedescendant', firstId);
  await hasAttribute(suggestions(page).getByRole('option').first(), 'aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expectPath(page, '/departments/5');
  await shown(page.getByRole('heading', { level: 1, name: 'Electronics' }));

  // Escape closes the list and keeps the words; a second Escape empties the box.
  await box.click();
  await page.keyboard.type('sonora');
  await shown(suggestions(page));
  await page.keyboard.press('Escape');
  await gone(suggestions(page));
  await hasAttribute(box, 'aria-expanded', 'false');
  assert.equal(await box.inputValue(), 'sonora');
  await page.keyboard.press('Escape');
  assert.equal(await box.inputValue(), '');

  // A product: ArrowDown past the departments and brands to it, then Enter.
  await page.keyboard.type('sonora boom');
  await suggestionsFor(page);
  const product = suggestions(page).getByRole('group', { name: 'Products' }).getByRole('option').first();
  await shown(product);
  const productName = (await product.innerText()).split('\n')[0].trim();
  const before = await suggestions(page).getByRole('option').count();
  const productIndex = await suggestions(page)
    .getByRole('option')
    .evaluateAll((options, id) => options.findIndex((o) => o.id === id), await product.getAttribute('id'));
  assert.ok(productIndex >= 0 && productIndex < before);
  for (let i = 0; i <= productIndex; i++) await page.keyboard.press('ArrowDown');
  await hasAttribute(box, 'aria-activedescendant', await product.getAttribute('id'));
  await page.keyboard.press('Enter');
  await expectPath(page, /^\/departments\/\d+\/products\/\d+$/);
  await shown(page.getByRole('heading', { level: 1, name: productName }));

  // ArrowUp from the top wraps to the last suggestion; Enter with none highlighted searches.
  await box.click();
  await page.keyboard.type('lumen');
  await suggestionsFor(page);
  await page.keyboard.press('ArrowUp');
  const last = suggestions(page).getByRole('option').last();
  await hasAttribute(last, 'aria-selected', 'true');
  await page.keyboard.press('ArrowDown'); // wraps to the first
  await hasAttribute(suggestions(page).getByRole('option').first(), 'aria-selected', 'true');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expectPath(page, '/search');
  assert.deepEqual(paramsOf(page), [['q', 'lumen']]);
  await shown(page.getByRole('heading', { level: 1, name: /^[\d,]+ results? for “lumen”$/ }));
  assert.equal(await box.inputValue(), 'lumen');

  // The visible button searches too.
  await box.fill('sonora');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await shown(page.getByRole('heading', { level: 1, name: /^[\d,]+ results? for “sonora”$/ }));
});

journey('a filtered, sorted search lives in the address: a reload keeps it', async ({ page }) => {
  await page.goto('/');
  await searchBox(page).fill('wireless');
  await page.keyboard.press('Enter');
  await expectPath(page, '/search');
  const heading = page.getByRole('heading', { level: 1, name: /^[\d,]+ results? for “wireless”$/ });
  await shown(heading);
  const filters = page.getByRole('region', { name: 'Filters' });

  // Tick the first brand.
  const brand = filters.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
  const brandName = (await brand.locator('xpath=..').innerText()).replace(/\s*\([\d,]+\)$/, '').trim();
  await brand.check();
  await eventually(async () => assert.deepEqual(paramsOf(page), [['q', 'wireless'], ['brand', brandName]]));
  let cards = await cardsOf(page, 'Search results');
  assert.ok(cards.every((c) => c.brand === brandName), `every card is a ${brandName}`);

  // The first price band the answer offers.
  const band = filters.getByRole('group', { name: 'Price' }).getByRole('radio').nth(1);
  const bandName = await band.locator('xpath=..').innerText();
  await band.check();
  await eventually(async () => assert.ok(new URL(page.url()).searchParams.has('maxPrice') || new URL(page.url()).searchParams.has('minPrice')));
  const url = new URL(page.url());
  const low = Number(url.searchParams.get('minPrice') ?? 0) * 100;
  const high = url.searchParams.has('maxPrice') ? Number(url.searchParams.get('maxPrice')) * 100 : Infinity;

  // Price: low to high.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('sort'), 'price-asc'));
  cards = await cardsOf(page, 'Search results');
  const prices = cards.map((c) => cents(c.price));
  assert.ok(cards.every((c) => c.brand === brandName), `every card is a ${brandName}`);
  assert.ok(prices.every((p) => p >= low && p <= high), `prices ${prices} within ${bandName}`);
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b), 'cheapest first');
  const chosen = page.url();
  assert.match(chosen, /[?&]brand=/);
  assert.match(chosen, /[?&]sort=price-asc/);

  // The filters in force show, and a reload keeps every choice.
  await shown(page.getByRole('button', { name: `Remove filter: ${brandName}` }));
  await page.reload();
  assert.equal(page.url(), chosen);
  await shown(heading);
  assert.deepEqual(await cardsOf(page, 'Search results'), cards);
  assert.equal(await page.getByRole('region', { name: 'Filters' }).getByRole('checkbox', { name: new RegExp(`^${brandName}`) }).isChecked(), true);
  assert.equal(await page.getByRole('region', { name: 'Filters' }).getByRole('radio', { name: bandName }).isChecked(), true);
  assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'price-asc');

  // Back undoes one choice at a time: the sort, then the price band.
  await page.goBack();
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('sort'), null));
  await page.goBack();
  await eventually(async () => assert.deepEqual(paramsOf(page), [['q', 'wireless'], ['brand', brandName]]));

  // Clear all keeps the words.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await eventually(async () => assert.deepEqual(paramsOf(page), [['q', 'wireless']]));

  // Nothing found: what to try next.
  await searchBox(page).fill('zzqqxx');
  await page.keyboard.press('Enter');
  await shown(page.getByRole('heading', { level: 1, name: '0 results for “zzqqxx”' }));
  await shown(page.getByText('Check the spelling of each word.'));

  // A typing mistake: the store searches the word it takes it for, says so, and offers it.
  await searchBox(page).fill('hedphones');
  await page.keyboard.press('Enter');
  await shown(page.getByRole('heading', { level: 1, name: /results? for “headphones”/ }));
  await shown(page.getByText('Nothing matched “hedphones”.'));
  const corrected = await cardsOf(page, 'Search results');
  assert.ok(corrected.some((c) => /headphones/i.test(c.name)), 'headphones are found');
  await page.getByRole('link', { name: '“headphones”' }).click();
  await eventually(async () => assert.deepEqual(paramsOf(page), [['q', 'headphones']]));
  await gone(page.getByText('Nothing matched “hedphones”.'));
});

journey('a department has numbered pages; Back and Forward step through them', async ({ page }) => {
  await page.goto('/departments/5');
  await shown(page.getByRole('heading', { level: 1, name: 'Electronics' }));
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await shown(pages);
  await hasAttribute(pages.getByRole('link', { name: 'Page 1', exact: true }), 'aria-current', 'page');
  // The count is the department's, not the page's.
  const total = Number((await page.getByRole('status').filter({ hasText: /results?$/ }).innerText()).replace(/\D/g, ''));
  const page1 = await cardsOfPage(page, 'Electronics products', 1);
  assert.ok(total > page1.length, `${total} products in all, ${page1.length} on a page`);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('page'), '2'));
  const page2 = await cardsOfPage(page, 'Electronics products', 2);
  assert.notDeepEqual(page2, page1);
  await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top'));

  await pages.getByRole('link', { name: 'Next page' }).click();
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('page'), '3'));
  const page3 = await cardsOfPage(page, 'Electronics products', 3);
  assert.notDeepEqual(page3, page2);

  await page.goBack();
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('page'), '2'));
  assert.deepEqual(await cardsOfPage(page, 'Electronics products', 2), page2);
  await page.goForward();
  await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('page'), '3'));
  assert.deepEqual(await cardsOfPage(page, 'Electronics products', 3), page3);

  // A sort starts again at page 1; the link to page 3 of that order opens it as it was.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Top rated' });
  await eventually(async () => assert.deepEqual(paramsOf(page), [['sort', 'rating']]));
  await page.goto('/departments/5?sort=rating&page=3');
  await hasAttribute(pages.getByRole('link', { name: 'Page 3', exact: true }), 'aria-current', 'page');
  assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'rating');

  // A page past the last (a link kept from when the listing was longer): its last page,
  // in the same order.
  const last = (await (await page.request.get('/api/departments/5/products?sort=rating')).json()).pages;
  assert.ok(last > 1, 'the department has pages to walk');
  await page.goto('/departments/5?sort=rating&page=999');
  await eventually(async () => assert.deepEqual(paramsOf(page), [['sort', 'rating'], ['page', String(last)]]));
  await hasAttribute(pages.getByRole('link', { name: `Page ${last}`, exact: true }), 'aria-current', 'page');
  await shown(productCards(page, 'Electronics products'));
});

journey('on a phone the filters open in a panel that counts them and shows the results', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/departments/5');
  await shown(page.getByRole('heading', { level: 1, name: 'Electronics' }));
  await shown(productCards(page, 'Electronics products'));
  // No filters beside the grid on a phone; the search box is on its own row.
  assert.equal(await page.getByRole('region', { name: 'Filters' }).isVisible(), false);
  await shown(searchBox(page));

  const open = page.getByRole('button', { name: /^Filters/ });
  assert.equal((await open.innerText()).trim(), 'Filters');
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await shown(panel);
  const brand = panel.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
  const brandName = (await brand.locator('xpath=..').innerText()).replace(/\s*\([\d,]+\)$/, '').trim();
  await brand.check();
  await eventually(async () => assert.deepEqual(paramsOf(page), [['brand', brandName]]));
  await panel.getByRole('button', { name: /^Show [\d,]+ results?$/ }).click();
  await gone(panel);
  await shown(page.getByRole('button', { name: 'Filters 1 active' }));
  const cards = await cardsOf(page, 'Electronics products');
  assert.ok(cards.length > 0 && cards.every((c) => c.brand === brandName), `every card is a ${brandName}`);
  const name = await cardName(productCards(page, 'Electronics products').first());
  assert.equal(name, cards[0].name);
});
