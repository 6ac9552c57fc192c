// The back office (docs/rules.md#roles): a staff member creates a product and sees it in
// the storefront and in search, changes its price and stock, ships an order from its
// page (who placed it, where it goes, how) that the shopper then sees as shipped, hides a
// review, adds a picture to a product and makes it the main one, and imports products
// from a CSV file (refused for a bad row, then taken); a shopper who opens /admin finds
// nothing there.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { deflateSync } from 'node:zlib';
import {
  apiGet,
  eventually,
  expectPath,
  gone,
  journey,
  orderAsShopper,
  shown,
  signInThroughForm,
  signUpByApi,
  withStaff,
} from './harness.mjs';

const STAFF = { username: 'clerk', role: 'staff', password: 'a long passphrase' };
withStaff([STAFF]);

const signIn = signInThroughForm;

journey('a staff member adds a product that the storefront and search then show, and changes its price and stock', async ({ page, allow }) => {
  await signIn(page, allow, STAFF);
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

journey('a staff member ships an order, and the shopper sees it shipped', async ({ page, context, allow }) => {
  // The shopper: an order of product 51, through the API; then the browser is the staff member's.
  const details = await signUpByApi(context);
  const order = await orderAsShopper(context, [51]);
  await context.clearCookies();

  await signIn(page, allow, STAFF);
  await expectPath(page, '/');
  await page.goto(`/admin/orders?q=${order.id}`);
  await page.getByRole('button', { name: `Mark as Packed: order #${order.id}` }).click();
  // Its page has what packing it needs: who, where to, how, what; and the next move.
  await page.getByRole('link', { name: `Order #${order.id}` }).click();
  await expectPath(page, `/admin/orders/${order.id}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${order.id}` }));
  await shown(page.getByText(`Placed by ${details.username}`));
  await shown(page.getByText(order.address.line1, { exact: false }));
  await shown(page.getByText(order.shippingMethod.name, { exact: false }));
  await shown(page.getByText(order.Products[0].name).first());
  await page.getByRole('button', { name: `Mark as Shipped: order #${order.id}` }).click();
  await shown(page.getByRole('button', { name: `Mark as Delivered: order #${order.id}` }));
  await shown(page.getByText('Shipped since', { exact: false }));

  // The shopper signs in and finds it shipped.
  await context.clearCookies();
  await signIn(page, allow, { username: details.username, password: details.password });
  await expectPath(page, '/');
  await page.goto(`/orders/${order.id}`);
  await shown(page.getByText('Shipped'));
});

journey('a staff member hides a review, and it leaves the product page', async ({ page, allow }) => {
  const reviews = await (await page.request.get('/api/products/51/reviews')).json();
  const review = reviews.Reviews[0];
  await signIn(page, allow, STAFF);
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

// ---- files the journeys upload ----

/** A folder of this run's own for the files the journeys make. */
const filesDir = mkdtemp(join(tmpdir(), 'market-e2e-files-'));
after(async () => rm(await filesDir, { recursive: true, force: true }));

/** CRC-32 (ISO 3309, as PNG checks each chunk with), by the usual table. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One PNG chunk: its length, type, data and the CRC of type and data. */
function pngChunk(type, data) {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A `size`×`size` PNG of one colour: 8-bit RGB, each row filter 0 (none), deflated. */
function solidPng(size, [red, green, blue]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB; compression, filter and interlace stay 0
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x += 1) row.set([red, green, blue], 1 + x * 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Writes `contents` to a file named `name` in this run's folder; answers its path. */
async function fileOf(name, contents) {
  const path = join(await filesDir, name);
  await writeFile(path, contents);
  return path;
}

/** A CSV cell: quoted, its quotes doubled, so that commas, quotes and line breaks stay inside it. */
const cell = (value) => `"${String(value).replaceAll('"', '""')}"`;
const csv = (rows) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
const CSV_COLUMNS = ['id', 'sku', 'name', 'brand', 'department', 'price', 'stock', 'status', 'description'];

/** The store's departments and the products of the first, as the storefront lists them. */
async function seededCatalog(page) {
  const { Departments: departments } = await apiGet(page, '/api/departments');
  assert.ok(departments.length >= 2, 'the seeded store has at least two departments');
  const { Products: products } = await apiGet(page, `/api/departments/${departments[0].id}/products`);
  assert.ok(products.length > 0, `department ${departments[0].name} lists no products`);
  return { departments, products };
}

journey('a staff member adds a picture to a product, makes it the main one in the store, and deletes it', async ({ page, allow }) => {
  const { products } = await seededCatalog(page);
  const picture = await fileOf('e2e-picture.png', solidPng(64, [0x1d, 0x6b, 0x30]));
  await signIn(page, allow, STAFF);
  await expectPath(page, '/');
  // A product with room for one more picture (a product has at most 12).
  let product;
  let before;
  for (const card of products) {
    const { images } = await apiGet(page, `/api/admin/products/${card.id}/images`);
    if (images.length < 12) {
      [product, before] = [card, images];
      break;
    }
  }
  assert.ok(product, 'every listed product already has 12 pictures');

  await page.goto(`/admin/products/${product.id}`);
  await shown(page.getByRole('heading', { level: 2, name: 'Pictures' }));
  await page.getByLabel('Add a picture').setInputFiles(picture);
  await shown(page.getByRole('status').filter({ hasText: 'e2e-picture.png added.' }));
  const cards = page.getByRole('list', { name: 'Pictures, in order' }).getByRole('listitem');
  await eventually(async () => assert.equal(await cards.count(), before.length + 1));
  // It came last, as a thumbnail of the store's own copy.
  const { images: added } = await apiGet(page, `/api/admin/products/${product.id}/images`);
  const mine = added.at(-1);
  assert.ok(!before.some((image) => image.id === mine.id), 'the new picture is last');
  assert.match(mine.url, /^\/pictures\//);
  assert.equal(await cards.last().locator('img').getAttribute('src'), mine.url);

  // Earlier, one place at a time, until it is the main picture.
  for (let place = before.length + 1; place > 1; place -= 1) {
    await page.getByRole('button', { name: `Move picture ${place} earlier`, exact: true }).click();
    await shown(page.getByRole('status').filter({ hasText: `Picture ${place} is now picture ${place - 1}` }));
  }
  await shown(cards.first().getByText('Main picture'));
  assert.equal(await cards.first().locator('img').getAttribute('src'), mine.url);
  const { images: ordered } = await apiGet(page, `/api/admin/products/${product.id}/images`);
  assert.deepEqual(
    ordered.map((image) => image.id),
    [mine.id, ...before.map((image) => image.id)],
  );

  // The storefront's product page shows it first.
  await page.goto(`/departments/${product.departmentId}/products/${product.id}`);
  const main = page.getByRole('img', { name: `${product.name}, picture 1 of ${before.length + 1}` });
  await shown(main);
  assert.match((await main.getAttribute('src')) ?? '', /^\/pictures\//);
  assert.equal(await main.getAttribute('src'), mine.url);

  // Deleted (after the browser's question), the product is as it was.
  await page.goto(`/admin/products/${product.id}`);
  await shown(cards.first().getByText('Main picture'));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete picture 1', exact: true }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Picture 1 deleted.' }));
  await eventually(async () => assert.equal(await cards.count(), before.length));
  const { images: after } = await apiGet(page, `/api/admin/products/${product.id}/images`);
  assert.deepEqual(
    after.map((image) => image.id),
    before.map((image) => image.id),
  );
});

journey('a staff member imports products from a CSV file: a bad row refuses it whole, the fixed file is applied', async ({ page, allow }) => {
  allow(400, '/api/admin/products/import');
  await signIn(page, allow, STAFF);
  await expectPath(page, '/');
  const { departments } = await seededCatalog(page);
  const { Products: listed } = await apiGet(page, '/api/admin/products');
  const existing = listed[0];
  assert.ok(existing, 'the back office lists no product');

  // Row 2 changes a product (by its id and SKU: 7 more in stock); rows 3 and 4 add two,
  // one naming its department by name, the other by id. Row 4's price is bad at first.
  const tag = randomBytes(3).toString('hex');
  const lantern = `Porchlight Lantern ${tag}`;
  const kettle = `Whistling Kettle ${tag}`;
  const rows = (kettlePrice) => [
    CSV_COLUMNS,
    [
      existing.id,
      existing.sku,
      existing.name,
      existing.brand,
      existing.departmentName,
      existing.price.toFixed(2),
      existing.stock + 7,
      'active',
      existing.description,
    ],
    ['', '', lantern, 'Northlight', departments[0].name, '18.50', 12, 'active', 'A folding lantern for the porch and the tent, with a warm, dimmable light.'],
    ['', '', kettle, 'Brewhaus', departments[1].id, kettlePrice, 5, 'active', 'A stovetop kettle in brushed steel that whistles when the water boils, "loudly".'],
  ];
  const bad = await fileOf(`products-${tag}-bad.csv`, csv(rows('abc')));
  const fixed = await fileOf(`products-${tag}-fixed.csv`, csv(rows('34.00')));

  await page.goto('/admin/import');
  await shown(page.getByRole('heading', { level: 1, name: 'Import products' }));
  await page.getByLabel('CSV file').setInputFiles(bad);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await shown(page.getByRole('alert').filter({ hasText: 'nothing was changed' }));
  await shown(page.getByText('1 row has a problem; nothing was changed.'));
  const problems = await page
    .getByRole('region', { name: 'Problems in the file' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(0, 2).map((td) => td.textContent.trim())));
  assert.deepEqual(problems, [['4', 'price']]);
  // Nothing was changed: not the stock of row 2, not the product of row 3.
  assert.equal((await apiGet(page, `/api/admin/products/${existing.id}`)).stock, existing.stock);
  assert.equal((await apiGet(page, `/api/admin/products?q=${encodeURIComponent(lantern)}`)).total, 0);

  // The fixed file: accepted, applied (the page follows it), and counted.
  await page.getByLabel('CSV file').setInputFiles(fixed);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await shown(page.getByText('Import finished: created 2 products, updated 1 product.'));
  await gone(page.getByRole('alert').filter({ hasText: 'nothing was changed' }));
  assert.equal((await apiGet(page, `/api/admin/products/${existing.id}`)).stock, existing.stock + 7);
  const { Products: kettles } = await apiGet(page, `/api/admin/products?q=${encodeURIComponent(kettle)}`);
  assert.deepEqual(
    kettles.map((p) => [p.name, p.departmentName, p.price]),
    [[kettle, departments[1].name, 34]],
  );

  // The new product is found by the back office's product search.
  await page.goto('/admin/products');
  const search = page.getByRole('search', { name: 'Search products' });
  await search.getByRole('searchbox').fill(lantern);
  await search.getByRole('button', { name: 'Search' }).click();
  await shown(page.getByRole('link', { name: lantern, exact: true }));
});

journey('a shopper who opens the back office finds nothing there', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/admin/products');
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that page" }));
});
