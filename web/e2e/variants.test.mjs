// Journey: a product sold in sizes and colours (docs/rules.md#variants). The seed's crew
// neck tee (product 25) comes in XS-XL by White, Black and Navy, XL $2 more; in White,
// XS and L are sold out (`db::seed::options`).
import assert from 'node:assert/strict';
import { appStarted, cartLink, expectPath, hasText, journey, shown, signUpByApi } from './harness.mjs';

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
});
