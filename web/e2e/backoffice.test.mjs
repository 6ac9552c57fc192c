// The back office (docs/rules.md#roles): a staff member creates a product and sees it in
// the storefront and in search, changes its price and stock, ships an order that the
// shopper then sees as shipped, and hides a review; a shopper who opens /admin finds
// nothing there.
import assert from 'node:assert/strict';
import { eventually, expectPath, journey, shown, signUpByApi, withStaff } from './harness.mjs';

const STAFF = { username: 'clerk', role: 'staff', password: 'a long passphrase' };
withStaff([STAFF]);

/** Signs in through the form, as a person would. */
async function signIn(page, { username, password }) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Places an order of `productIds` as a new shopper of `context`, through the API. */
async function orderAsShopper(context, productIds) {
  const token = async () => decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN').value);
  for (const productId of productIds) {
    const added = await context.request.post('/api/cart', { headers: { 'XSRF-Token': await token() }, data: { productId } });
    assert.equal(added.status(), 201, await added.text());
  }
  const cart = await (await context.request.get('/api/cart')).json();
  const placed = await context.request.post('/api/orders', {
    headers: { 'XSRF-Token': await token() },
    data: { total: cart.total, products: cart.Products.map((p) => ({ productId: p.productId })) },
  });
  assert.equal(placed.status(), 201, await placed.text());
  return placed.json();
}

journey('a staff member adds a product that the storefront and search then show, and changes its price and stock', async ({ page }) => {
  await signIn(page, STAFF);
  await expectPath(page, '/');
  await page.goto('/admin/products/new');
  await shown(page.getByRole('heading', { level: 1 }));
  await page.getByLabel('Name').fill('Glacier Trail Headlamp');
  await page.getByLabel('Brand').fill('Northlight');
  await page.getByLabel('Department').selectOption({ label: 'Electronics' });
  await page.getByLabel('Price (dollars)').fill('24.999');
  await page.getByLabel('Stock (units)').fill('40');
  await page.getByLabel('Description').fill('A light, bright headlamp for the trail and the tent, with a red night mode.');
  await page.getByRole('button', { name: 'Create product' }).click();
  // The price rule is the server's, checked before anything is sent.
  await shown(page.getByText('A price has at most two decimals.'));
  await page.getByLabel('Price (dollars)').fill('24.99');
  await page.getByRole('button', { name: 'Create product' }).click();
  await eventually(() => assert.match(new URL(page.url()).pathname, /^\/admin\/products\/\d+$/));
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // On the storefront at once: its page, and search.
  await page.goto(`/departments/5/products/${id}`);
  await shown(page.getByRole('heading', { level: 1, name: 'Glacier Trail Headlamp' }));
  await shown(page.getByText('$24.99'));
  await page.goto('/search?q=glacier%20headlamp');
  await shown(page.getByRole('link', { name: 'Glacier Trail Headlamp' }));

  // A new price and three left: the product page says so.
  await page.goto(`/admin/products/${id}`);
  await page.getByLabel('Price (dollars)').fill('19.50');
  await page.getByLabel('Stock (units)').fill('3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await eventually(async () => {
    const product = await (await page.request.get(`/api/products/${id}`)).json();
    assert.deepEqual([product.price, product.stock], [19.5, 3]);
  });
  await page.goto(`/departments/5/products/${id}`);
  await shown(page.getByText('$19.50'));
  await shown(page.getByText('Only 3 left'));
});

journey('a staff member ships an order, and the shopper sees it shipped', async ({ page, context }) => {
  // The shopper: an order of product 51, through the API; then the browser is the staff member's.
  const details = await signUpByApi(context);
  const order = await orderAsShopper(context, [51]);
  await context.clearCookies();

  await signIn(page, STAFF);
  await expectPath(page, '/');
  await page.goto(`/admin/orders?q=${order.id}`);
  await page.getByRole('button', { name: `Mark as Packed: order #${order.id}` }).click();
  await page.getByRole('button', { name: `Mark as Shipped: order #${order.id}` }).click();
  await shown(page.getByRole('button', { name: `Mark as Delivered: order #${order.id}` }));

  // The shopper signs in and finds it shipped.
  await context.clearCookies();
  await signIn(page, { username: details.username, password: details.password });
  await expectPath(page, '/');
  await page.goto(`/orders/${order.id}`);
  await shown(page.getByText('Shipped'));
});

journey('a staff member hides a review, and it leaves the product page', async ({ page }) => {
  const reviews = await (await page.request.get('/api/products/51/reviews')).json();
  const review = reviews.Reviews[0];
  await signIn(page, STAFF);
  await expectPath(page, '/');
  await page.goto('/admin/reviews?productId=51');
  await page.getByRole('button', { name: `Hide: review “${review.title}” by`, exact: false }).first().click();
  await eventually(async () => {
    const now = await (await page.request.get('/api/products/51/reviews')).json();
    assert.ok(!now.Reviews.some((r) => r.id === review.id));
  });
  await page.goto('/departments/5/products/51');
  await shown(page.getByRole('heading', { level: 1 }));
  assert.equal(await page.getByText(review.title, { exact: true }).count(), 0);
});

journey('a shopper who opens the back office finds nothing there', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/admin/products');
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that page" }));
});
