// What every browser journey shares: the store and the browser, a fresh browser context
// per journey, the watch on browser errors, evidence of failures, and small helpers.
//
// Each test file (run by `node --test`, one process per file) starts its own store (the
// release binary, on port 0 and a fresh temporary data folder) and its own headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core). Environment:
//   MARKET_BIN           the binary to start (default: target/release/market)
//   MARKET_E2E_WEB_DIR   serve the web app from this folder (node build.mjs --outdir DIR)
//                        instead of the copy inside the binary, to try web changes quickly
//   CHROMIUM             the browser (default: /usr/bin/chromium)
//   MARKET_E2E_FAILURES  where failures leave a screenshot and the page's HTML
//                        (default: target/e2e-failures)
//   MARKET_E2E_PRODUCTS  seed a catalog of this many products before serving (every file);
//                        a file that needs one calls seedCatalog(N) instead
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, root, startStore } from './store.mjs';

const failuresDir = resolve(process.env.MARKET_E2E_FAILURES ?? join(root, 'target/e2e-failures'));

/** How long one step (a click, a wait for text) may take before the journey fails. */
const STEP_MS = 15_000;

const shared = { url: '', browser: undefined, store: undefined };

/** What the store starts with; a test file may change it before its journeys run. */
const settings = {
  products: process.env.MARKET_E2E_PRODUCTS ? Number(process.env.MARKET_E2E_PRODUCTS) : undefined,
  staff: [],
  serveArgs: [],
};

/**
 * Starts this file's store on a catalog of `products` products (`market seed --products N`)
 * instead of the seeded ~150: for journeys that need many pages. Call it at the top of
 * the test file, before any journey.
 */
export function seedCatalog(products) {
  assert.ok(Number.isInteger(products) && products > 0, `seedCatalog: ${products} is not a number of products`);
  settings.products = products;
}

/**
 * Starts this file's store with these staff accounts (`market staff add`), each
 * `{ username, role, password }`. Call it at the top of the test file.
 */
export function withStaff(accounts) {
  settings.staff = accounts;
}

/**
 * Starts this file's store with these `market serve` flags too (e.g. `--demo`). Call it at
 * the top of the test file. `args` may be an async function answering them, called just
 * before the store starts: for flags known only then (the address of a server the file
 * starts first).
 */
export function serveWith(args) {
  settings.serveArgs = args;
}

// Settles once the store has started (or failed to): a file's own `before` hooks may
// start before this file's has finished (node:test runs the root's hooks as they come).
let storeStarted = { resolve: () => undefined, reject: () => undefined };
const started = new Promise((resolve, reject) => (storeStarted = { resolve, reject }));
started.catch(() => undefined); // the failure is this hook's to report

before(async () => {
  try {
    shared.store = await startStore({
      products: () => settings.products,
      staff: () => settings.staff,
      serveArgs: () => (typeof settings.serveArgs === 'function' ? settings.serveArgs() : settings.serveArgs),
    });
    storeStarted.resolve();
  } catch (error) {
    storeStarted.reject(error);
    throw error;
  }
  shared.url = shared.store.url;
  shared.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
});

after(async () => {
  await shared.browser?.close();
  await shared.store?.stop();
});

/**
 * One journey: a test with a fresh browser context (no cookies, so a visitor until it
 * signs in). Browser console errors, uncaught page errors, failed requests and 5xx
 * answers seen during it fail it, except the failed answers it declares with
 * `allow(status, path)` (`path` a string, or a RegExp for paths with an id in them). A
 * failure keeps a screenshot and the page's HTML.
 */
export function journey(name, body) {
  test(name, { timeout: 120_000 }, async () => {
    const allowed = [];
    const visitors = [];
    // `another()`: a second visitor in the same journey, a browser context of its own
    // (its own cookies), watched the same way.
    const open = async () => {
      const context = await shared.browser.newContext({ baseURL: shared.url, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_MS);
      context.setDefaultNavigationTimeout(2 * STEP_MS);
      const visitor = { context, watch: watchBrowser(context, allowed), page: await context.newPage() };
      await visitor.watch.follow(visitor.page);
      visitors.push(visitor);
      return visitor;
    };
    const { page, context } = await open();
    const problems = () => visitors.flatMap((v) => v.watch.problems);
    try {
      await body({
        page,
        context,
        allow: (status, path) => allowed.push({ status, path }),
        another: async () => (await open()).page,
      });
      // Let the last screen finish its requests, so that their errors are seen here.
      for (const v of visitors) await v.watch.settled();
      assert.deepEqual(problems(), [], 'the browser reported unexpected errors');
    } catch (error) {
      for (const v of visitors) v.watch.judgeAborted();
      const folder = await keepEvidence(name, page, problems(), error);
      if (error instanceof Error) error.message += `\n    screenshot and HTML: ${folder}${await briefly(page, problems())}`;
      throw error;
    } finally {
      for (const v of visitors) await v.context.close();
    }
  });
}

/**
 * Collects what the browser complains about, except the failed answers in `allowed`
 * (`{ status, path }`, what the journey's `allow` declares).
 */
function watchBrowser(context, allowed) {
  const problems = [];
  const isAllowed = (status, url) => {
    const path = new URL(url, shared.url).pathname;
    return allowed.some((a) => a.status === status && (a.path instanceof RegExp ? a.path.test(path) : a.path === path));
  };
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer to fetch() as "Failed to load resource: the
    // server responded with a status of 401 (Unauthorized)", located at the request's URL.
    const failed = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(message.text());
    const where = message.location().url;
    if (failed && where && isAllowed(Number(failed[1]), where)) return;
    problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught page error: ${error.error().stack ?? error.error()}`));
  // A load ends what the document before it was still fetching (net::ERR_ABORTED): that
  // is the journey moving on, not a failure. Anything else that fails to load is one, and
  // so is an abort in the document a frame still shows. Chromium names the document that
  // sent each request (its loader, in the DevTools protocol), which Playwright's events do
  // not: guessing it from their order and the Referer failed CI runs twice, on a fetch
  // reported after the load that ended it, from a document whose address the next one
  // had too (a page past the last redirected to the page shown before).
  const documents = new Map(); // frame id → loader of the document it shows now
  const aborted = []; // { what, frameId, loaderId }
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  /** Follows which document each of `page`'s requests came from; before its first load. */
  const follow = async (page) => {
    const devtools = await context.newCDPSession(page);
    const sent = new Map(); // request id → { what, frameId, loaderId }
    devtools.on('Page.frameNavigated', ({ frame }) => documents.set(frame.id, frame.loaderId));
    devtools.on('Page.frameDetached', ({ frameId }) => documents.delete(frameId));
    // Not the browser's own requests (type Other: the favicon), which a page does not make.
    devtools.on('Network.requestWillBeSent', ({ requestId, loaderId, frameId, request, type }) => {
      if (type !== 'Other') sent.set(requestId, { what: `${request.method} ${request.url}`, frameId, loaderId });
    });
    devtools.on('Network.loadingFailed', ({ requestId, errorText }) => {
      const request = sent.get(requestId);
      if (errorText === 'net::ERR_ABORTED' && request !== undefined) aborted.push(request);
    });
    await Promise.all([devtools.send('Page.enable'), devtools.send('Network.enable')]);
  };
  // Judged once the journey is over, when every load that ended a fetch has been seen.
  const judgeAborted = () => {
    for (const { what, frameId, loaderId } of aborted.splice(0)) {
      if (documents.get(frameId) === loaderId) problems.push(`request failed: ${what} (net::ERR_ABORTED in the page shown)`);
    }
  };
  context.on('response', (response) => {
    if (response.status() >= 500)
      problems.push(`server error: ${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
  let inFlight = 0;
  context.on('request', () => (inFlight += 1));
  context.on('requestfinished', () => (inFlight -= 1));
  context.on('requestfailed', () => (inFlight -= 1));
  return {
    problems,
    follow,
    /**
     * Resolves once no request has been in flight for 300 ms (or after 5 s), with the
     * aborted requests judged.
     */
    settled: async () => {
      const end = Date.now() + 5_000;
      let quietSince = Date.now();
      while (Date.now() < end) {
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 300) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      judgeAborted();
    },
    /** The aborted requests judged now, for a journey that failed before it settled. */
    judgeAborted,
  };
}

/**
 * What the page's alerts said and what the browser reported, for the failure's message:
 * a CI log shows the message but not the folder kept beside it.
 */
async function briefly(page, problems) {
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  const lines = [...alerts.filter((text) => text.trim()).map((text) => `alert: ${text.trim()}`), ...problems];
  return lines.map((line) => `\n    ${line}`).join('');
}

async function keepEvidence(name, page, problems, error) {
  const folder = join(failuresDir, name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const notes = [
    `journey: ${name}`,
    `page: ${page.url()}`,
    '',
    String(error instanceof Error ? error.stack : error),
    '',
    'browser problems:',
    ...(problems.length ? problems : ['(none)']),
    '',
    'store log (last lines):',
    shared.store?.log().split('\n').slice(-40).join('\n') ?? '',
  ];
  await writeFile(join(folder, 'notes.txt'), notes.join('\n'));
  await page.screenshot({ path: join(folder, 'screenshot.png'), fullPage: true, timeout: 5_000 }).catch(() => undefined);
  await writeFile(join(folder, 'page.html'), await page.content().catch((e) => `(no HTML: ${e})`));
  return folder;
}

// ---- helpers for the journeys ----

/** A unique shopper's details; usernames look like e2e_1a2b3c4d. */
export function shopperDetails() {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: 'Robin',
    lastName: `Tester${id.slice(0, 4)}`,
    username: `e2e_${id}`,
    email: `e2e_${id}@market.test`,
    password: `pass-${id}`,
  };
}

/**
 * Creates a shopper through the API and leaves the context signed in as them (the
 * request context shares the browser context's cookies). For journeys whose subject
 * is not signing up.
 */
export async function signUpByApi(context) {
  const shopper = shopperDetails();
  const session = await context.request.get('/api/session');
  assert.equal(session.status(), 200);
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  assert.ok(token, 'GET /api/session set no XSRF-TOKEN cookie');
  const created = await context.request.post('/api/users', {
    headers: { 'XSRF-Token': decodeURIComponent(token) },
    data: shopper,
  });
  assert.ok(created.ok(), `signing up ${shopper.username}: ${await created.text()}`);
  return shopper;
}

/** Waits until `check` stops throwing (an assertion about the page that may take a moment). */
export async function eventually(check, timeout = STEP_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Waits for the address bar to show `path`, a string or a RegExp (redirects happen in the app, after loading). */
export async function expectPath(page, path) {
  const matches = (pathname) => (path instanceof RegExp ? path.test(pathname) : pathname === path);
  await page.waitForURL((url) => matches(url.pathname)).catch(() => {
    throw new assert.AssertionError({ message: `expected to be at ${path}`, actual: new URL(page.url()).pathname, expected: path });
  });
}

/** Waits until `locator` is visible; fails the step otherwise. */
/** The store's address (http://127.0.0.1:PORT). */
export const storeUrl = () => shared.url;

/** The store's address once it has started: for a file's `before` hooks, which may run before it has. */
export const startedStoreUrl = async () => {
  await started;
  return shared.url;
};

/**
 * Runs SQL on this file's store's database, SQLite or PostgreSQL alike (store.mjs): for
 * what staff would set up (shipping methods, tax rates, promotion codes). Call it from a
 * `before` hook of the test file: it waits for the store to start.
 */
export const storeSql = async (statements) => {
  await started;
  return shared.store.sql(statements);
};

/** Settles once the app has replaced the server's first screen with its own render. */
export const appStarted = (page) =>
  page.waitForFunction(() => Object.keys(document.querySelector('main > *') ?? {}).some((k) => k.startsWith('__reactFiber')));

/** Resolves once the page has had an answer to a request for each of `paths`, asked from now on. */
export const answered = (page, ...paths) =>
  Promise.all(paths.map((path) => page.waitForResponse((answer) => new URL(answer.url()).pathname === path)));

export const shown = (locator) => locator.first().waitFor({ state: 'visible' });

/** Waits until `locator` matches nothing visible. */
export const gone = (locator) => locator.first().waitFor({ state: 'hidden' });

// Each try of a retried check waits at most this long for its element.
const TRY = { timeout: 1_000 };

/** Asserts (with retries) that `locator`'s attribute `name` becomes `value`. */
export const hasAttribute = (locator, name, value) =>
  eventually(async () => assert.equal(await locator.getAttribute(name, TRY), value, `${name} of ${locator}`));

/** Asserts (with retries) that the visible text of `locator` becomes `text` (or matches a RegExp). */
export const hasText = (locator, text) =>
  eventually(async () => {
    const actual = (await locator.innerText(TRY)).replace(/\s+/g, ' ').trim();
    if (text instanceof RegExp) assert.match(actual, text);
    else assert.equal(actual, text);
  });

/**
 * The product cards of a product grid (a list named e.g. "Electronics products"): its
 * items with a heading, leaving out the lists inside the cards.
 */
/**
 * Puts the third product of the Electronics department in the cart from its page, as a
 * shopper would ("Deliver it"), and waits for the cart link to count it; answers its name.
 */
export async function addAnElectronicsProduct(page) {
  await page.goto('/departments/5');
  const product = productCards(page, 'Electronics products').nth(2);
  const name = await cardName(product);
  await product.getByRole('button', { name: 'Deliver it' }).click();
  await hasText(product.getByRole('status'), `Added ${name} to your cart`);
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));
  return name;
}

export const productCards = (page, listName) =>
  page
    .getByRole('list', { name: listName, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

/** The name of a product card's product (its heading). */
export const cardName = async (card) => (await card.getByRole('heading').innerText()).trim();

/** The bar's account button, whose name starts with "Account:". */
export const accountButton = (page) => page.getByRole('button', { name: /^Account:/ });

/** Opens the account menu and returns it. */
export async function openAccountMenu(page) {
  await accountButton(page).click();
  const menu = page.getByRole('dialog', { name: 'Account' });
  await shown(menu);
  return menu;
}

/** The bar's cart link, named "Cart, N items". */
export const cartLink = (page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });

/** "$1,234.56" as integer cents. */
export function cents(text) {
  const match = /(-|−)?\$([\d,]+)\.(\d\d)/.exec(text);
  assert.ok(match, `no price in ${JSON.stringify(text)}`);
  return Number(match[2].replaceAll(',', '')) * 100 + Number(match[3]);
}

/** Integer cents as the store prints them: "$1,234.56". */
export const dollars = (amount) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount / 100);

/** The term → value pairs of a summary shown as a description list (dt/dd: roles term and definition). */
export async function figures(region) {
  await shown(region.getByRole('term'));
  const pairs = await region
    .getByRole('term')
    .evaluateAll((terms) => terms.map((t) => [t.textContent.trim(), t.nextElementSibling?.textContent.trim() ?? '']));
  return Object.fromEntries(pairs);
}

/**
 * Signs in through the form, as a person would. A new visitor's first calls can each
 * make a session, and the cookies end up from different answers (seen on CI): the
 * sign-in is then refused once as a stale anti-forgery token, and the app checks the
 * session and signs in again (src/api/client.ts), as in accounts.test.mjs.
 */
export async function signInThroughForm(page, allow, { username, password }) {
  allow(403, '/api/session');
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The context's anti-forgery token, for writes made through its request context. */
export const tokenOf = async (context) =>
  decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN').value);

/** Places an order of `productIds` as the shopper of `context`, through the API. */
export async function orderAsShopper(context, productIds) {
  const token = () => tokenOf(context);
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

/** A GET as the signed-in page's context, which must answer 200. */
export async function apiGet(page, path) {
  const response = await page.request.get(path);
  assert.equal(response.status(), 200, `GET ${path}: ${await response.text()}`);
  return response.json();
}

