// What a crawler and a first visit get: each page's own head and structured data in the
// HTML as sent (read without running a script), a sitemap whose addresses are those
// pages, a first paint that needs no second request for its data, and no layout shift.
import assert from 'node:assert/strict';
import { appStarted, eventually, figures, journey, shown, signUpByApi, storeUrl, tokenOf } from './harness.mjs';

/** The head of `path` as sent: title, meta tags, canonical link and JSON-LD. */
async function headOf(context, path) {
  const answer = await context.request.get(path);
  const html = await answer.text();
  const attribute = (name, key) =>
    html.match(new RegExp(`<meta ${key}="${name}" content="([^"]*)"`))?.[1]?.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return {
    status: answer.status(),
    title: html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    description: attribute('description', 'name'),
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    og: (name) => attribute(`og:${name}`, 'property'),
    twitter: (name) => attribute(`twitter:${name}`, 'name'),
    data: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
  };
}

/** Starts counting layout shifts (as CLS counts them) before the page's own scripts run. */
async function watchShifts(page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifted = (page) => page.evaluate(() => window.__shifts.reduce((sum, v) => sum + v, 0));

journey('a product page tells a crawler what it sells, at what price and how it is rated', async ({ page, context }) => {
  const product = await (await context.request.get('/api/products/51')).json();
  const head = await headOf(context, '/departments/5/products/51');
  assert.equal(head.status, 200);
  assert.equal(head.title, `${product.name} · Market`);
  assert.ok(head.description && product.description.startsWith(head.description.replace(/…$/, '')), head.description);
  assert.match(head.canonical, /\/departments\/5\/products\/51$/);
  assert.equal(head.og('type'), 'product');
  assert.equal(head.og('url'), head.canonical);
  assert.equal(head.og('title'), head.title);
  assert.equal(head.twitter('card'), 'summary_large_image');
  assert.match(head.og('image'), /^http:\/\/.*\.webp$/);

  const item = head.data.find((d) => d['@type'] === 'Product');
  assert.ok(item, 'a schema.org Product');
  assert.equal(item.name, product.name);
  assert.equal(item.brand.name, product.brand);
  assert.equal(item.offers.price, product.price.toFixed(2));
  assert.equal(item.offers.priceCurrency, 'USD');
  assert.equal(item.aggregateRating.ratingValue, product.avgRating);
  assert.equal(item.aggregateRating.reviewCount, product.numReviews);
  const trail = head.data.find((d) => d['@type'] === 'BreadcrumbList');
  assert.deepEqual(trail.itemListElement.map((i) => i.name), ['Market', product.Department.name, product.name]);

  // A crawler that runs no script gets the same title; a browser shows the same product.
  const noScript = await context.browser().newContext({ baseURL: new URL(head.canonical).origin, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/departments/5/products/51');
  assert.equal(await bare.title(), head.title);
  await noScript.close();
  await page.goto('/departments/5/products/51');
  await shown(page.getByRole('heading', { level: 1, name: product.name }));
  assert.equal(await page.title(), head.title);
});

journey('the sitemap lists the departments and products, each at the address its page calls its own', async ({ context }) => {
  const answer = await context.request.get('/sitemap.xml');
  assert.equal(answer.status(), 200);
  const urls = [...(await answer.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const departments = urls.filter((u) => /\/departments\/\d+$/.test(u));
  const products = urls.filter((u) => /\/departments\/\d+\/products\/\d+$/.test(u));
  const { Departments } = await (await context.request.get('/api/departments')).json();
  assert.equal(departments.length, Departments.length);
  assert.ok(products.length > 100, `${products.length} products`);
  for (const url of [urls[0], departments[0], products[0], products.at(-1)]) {
    const head = await headOf(context, new URL(url).pathname);
    assert.equal(head.status, 200, url);
    assert.equal(head.canonical, url, `${url} calls itself by the address the sitemap gives`);
  }
  const robots = await (await context.request.get('/robots.txt')).text();
  assert.match(robots, /^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
});

const firstPages = ['/', '/departments/5', '/departments/5/products/51', '/departments/3/products/25', '/search?q=lamp', '/weeklyad', '/redcard', '/square', '/login'];

journey('a first visit paints its page from the page itself: no request for its data, no layout shift', async ({ page, context }) => {
  const asked = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await watchShifts(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    for (const path of firstPages) {
      asked.length = 0;
      await context.clearCookies();
      // The app checks the session in an effect once it has started, which on a busy
      // machine can be after the network has already been idle for 500 ms.
      const checked = page
        .waitForResponse((answer) => new URL(answer.url()).pathname === '/api/session', { timeout: 10_000 })
        .catch(() => undefined);
      await page.goto(path);
      await shown(page.getByRole('heading', { level: 1 }));
      // The server's screen is up at once; the app starts once its pictures are painted.
      await appStarted(page);
      await checked;
      await page.waitForLoadState('networkidle');
      // The session check is the one call a first visit makes (it sets the anti-forgery cookie).
      assert.deepEqual(asked, ['/api/session'], `${path} at ${width}px asked for ${asked.join(', ')}`);
      const shift = await shifted(page);
      assert.ok(shift <= 0.02, `${path} at ${width}px shifted by ${shift.toFixed(4)}`);
      // Nothing lies past the right edge: a page wider than the phone scrolls sideways.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `${path} at ${width}px is ${wide}px wide`);
    }
  }
});

/**
 * The boxes of what `main` draws in the first screen: each element with a size, keyed by
 * its path of tags and classes (so the sidebar the app leaves out on a phone does not
 * move its siblings' keys), with its own text. A placeholder (aria-hidden) counts by its box alone.
 */
function firstScreenBoxes() {
  const main = document.querySelector('main');
  const boxes = {};
  // Room kept for what the app fills in (the filters beside the cards, a shelf's cards):
  // hidden from assistive technology, with no words or pictures of its own.
  const isPlaceholder = (element) =>
    element.getAttribute('aria-hidden') === 'true' && !element.textContent.trim() && !element.querySelector('img, svg');
  // Answers whether `element` holds a placeholder.
  const walk = (element, key) => {
    const seen = new Map();
    let holds = false;
    for (const child of element.children) {
      // By class where it has one: a placeholder (a <div>) and what replaces it (a <ul>) share theirs.
      const name = child.classList.length > 0 ? `.${[...child.classList].join('.')}` : child.tagName.toLowerCase();
      const n = seen.get(name) ?? 0;
      seen.set(name, n + 1);
      const childKey = `${key}>${name}:${n}`;
      const box = child.getBoundingClientRect();
      if (box.top >= innerHeight) continue;
      const placeholder = isPlaceholder(child);
      // A placeholder's insides are not the app's: only its room is kept.
      const inside = !placeholder && walk(child, childKey);
      holds ||= placeholder || inside;
      if (box.width === 0 || box.height === 0) continue;
      // Its own words: a placeholder's children become cards, sized alike.
      const own = [...child.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent);
      const text = own.join('').replace(/\s+/g, ' ').trim().slice(0, 60);
      // What holds room being filled may grow downwards as it fills: whatever that
      // moved shows in its own box.
      const grows = placeholder || inside;
      boxes[childKey] = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height), text, grows };
    }
    return holds;
  };
  walk(main, 'main');
  return boxes;
}

journey('the first screen the server sends is where the app draws it, so nothing moves when the app takes over', async ({ page, context }) => {
  const bare = await context.browser().newContext({ baseURL: storeUrl(), javaScriptEnabled: false });
  const serverPage = await bare.newPage();
  for (const width of [390, 1280]) {
    const viewport = { width, height: width < 500 ? 844 : 900 };
    await page.setViewportSize(viewport);
    await serverPage.setViewportSize(viewport);
    for (const path of firstPages) {
      await serverPage.goto(path, { waitUntil: 'load' });
      const sent = await serverPage.evaluate(firstScreenBoxes);
      assert.ok(Object.keys(sent).length > 3, `${path} at ${width}px: the page as sent draws its screen (${Object.keys(sent).length} boxes)`);
      await page.goto(path);
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      sameBoxes(`${path} at ${width}px`, sent, await page.evaluate(firstScreenBoxes));
    }
  }
  await bare.close();
});

/** Holds the app's code back until the function it answers is called. */
async function holdTheApp(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/static/chunks/start-*', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every box `sent` draws, the app draws in the same place with the same words. */
function sameBoxes(where, sent, drawn) {
  for (const [key, box] of Object.entries(sent)) {
    const app = drawn[key];
    assert.ok(app, `${where}: the app draws no ${key} ("${box.text}")`);
    for (const side of box.grows ? ['x', 'y', 'width'] : ['x', 'y', 'width', 'height'])
      assert.ok(Math.abs(app[side] - box[side]) <= 1, `${where}: ${key} ("${box.text}") ${side} ${box[side]} as sent, ${app[side]} as drawn`);
    assert.equal(app.text, box.text, `${where}: ${key}`);
  }
}

journey("a shopper's checkout comes drawn from their own answers: the app asks for none of them, and nothing moves", async ({ page, context }) => {
  await signUpByApi(context);
  for (const productId of [51, 61]) {
    const added = await context.request.post('/api/cart', { headers: { 'XSRF-Token': await tokenOf(context) }, data: { productId } });
    assert.equal(added.status(), 201, await added.text());
  }
  // The same shopper in a browser that runs no script: the page as the server sent it.
  const bare = await context.browser().newContext({ baseURL: storeUrl(), javaScriptEnabled: false });
  await bare.addCookies(await context.cookies());
  const serverPage = await bare.newPage();
  const asked = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) asked.push(`${request.method()} ${path}`);
  });
  await watchShifts(page);
  for (const width of [390, 1280]) {
    const viewport = { width, height: width < 500 ? 844 : 900 };
    await page.setViewportSize(viewport);
    await serverPage.setViewportSize(viewport);
    await serverPage.goto('/checkout', { waitUntil: 'load' });
    const sent = await serverPage.evaluate(firstScreenBoxes);
    assert.ok(await serverPage.getByRole('button', { name: 'Place your order' }).isVisible(), 'the server draws the order button');
    assert.ok(Object.keys(sent).length > 20, `/checkout at ${width}px: the page as sent draws the checkout (${Object.keys(sent).length} boxes)`);
    asked.length = 0;
    await page.goto('/checkout');
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    // The page carried the session, the book, the methods and the quote; the cart is
    // only refreshed.
    assert.deepEqual(asked.filter((call) => call !== 'GET /api/cart'), [], `/checkout at ${width}px asked for ${asked.join(', ')}`);
    sameBoxes(`/checkout at ${width}px`, sent, await page.evaluate(firstScreenBoxes));
    const shift = await shifted(page);
    assert.ok(shift <= 0.02, `/checkout at ${width}px shifted by ${shift.toFixed(4)}`);
  }
  await bare.close();

  // A way to pay chosen on the server's screen, before the app has started, is kept.
  const release = await holdTheApp(page);
  await page.goto('/checkout', { waitUntil: 'load' });
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  await payment.getByRole('radio', { name: /^Credit or debit card/ }).check();
  release();
  await shown(payment.getByLabel('Card number'));
  const summary = page.getByRole('region', { name: 'Order summary' });
  await eventually(async () => assert.equal((await figures(summary))['RedCard 5% Discount'], undefined, 'priced for a card'));
  // And the order goes from it as from any checkout.
  await payment.getByRole('radio', { name: /^RedCard debit ending in 4821/ }).check();
  await page.getByRole('button', { name: 'Place your order' }).click();
  await page.waitForURL(/\/order-confirmation\/\d+$/);
});

journey('what a shopper does on the first screen before the app has started is not lost', async ({ page }) => {
  // The app's code is held back until the shopper has acted on the server's screen.
  const release = await holdTheApp(page);
  await page.goto('/departments/5/products/51', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('combobox', { name: 'Search products' }).fill('lamp');
  release();
  // The tap, made again once the app knows a visitor is here, asks them to sign in.
  await shown(page.getByRole('dialog').getByText('You must be logged in to shop'));
  await page.keyboard.press('Escape');
  // What was typed is in the app's box.
  const box = page.getByRole('combobox', { name: 'Search products' });
  assert.equal(await box.inputValue(), 'lamp');
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=lamp$/);
});
