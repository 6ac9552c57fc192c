// axe-core on every screen of the app, signed out and signed in, with its dialogs open,
// at desktop (1280 px) and phone (390 px) widths, in headless Chromium driven by
// playwright-core. axe's own source is handed to page.evaluate, which the page's
// Content-Security-Policy (script-src 'self') does not govern: nothing is added to the page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../e2e/store.mjs';

/** The rules run: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

/** The seeded shopper. */
const DEMO = { credential: 'demo', password: 'password' };

/** The seed's crew-neck tee, sold in sizes and colours: XS and L sold out in White (docs/rules.md#variants). */
const TEE = '/departments/3/products/25';

/** A token of the right shape (32 bytes, URL-safe base64) that names nothing: the page shows before anything is refused. */
const MADE_UP_TOKEN = 'A'.repeat(43);

/** The back office's owner, made by `market staff add` before the store starts (run.mjs). */
export const OWNER = { username: 'quality', role: 'owner', password: 'quality stage owner' };

const DEPARTMENT = 5;
const PRODUCT = 51;
/** What the demo shopper reviews when they have no review yet (not PRODUCT: its add-review page is checked). */
const REVIEWED = 52;

const require = createRequire(import.meta.url);
const axeSource = () => readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const click = (name) => async (page) => {
  await page.getByRole('button', { name, exact: true }).first().click();
};

/**
 * Chooses a sold-out variant of the tee (XS, White), whose page then offers "Email me when
 * it's back". The page opens on the first variant in stock, so either value may be named
 * "sold out" for the other already chosen.
 */
const chooseSoldOut = async (page) => {
  await page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: /^XS\b/ }).check();
  await page.getByRole('group', { name: /^Colour/ }).getByRole('radio', { name: /^White\b/ }).check();
  await page.getByRole('button', { name: "Email me when it's back" }).waitFor({ state: 'visible' });
};

/**
 * The states checked. `path` may be a function of the shopper's data (ids found or made
 * by prepareShopper); `open` clicks what opens a dialog; `only` limits a state to one width.
 */
export function states({ searchWord }) {
  const product = `/departments/${DEPARTMENT}/products/${PRODUCT}`;
  return [
    // A visitor.
    { name: 'landing', path: '/' },
    { name: 'department', path: `/departments/${DEPARTMENT}` },
    { name: 'product', path: product },
    { name: 'product, second picture chosen', path: product, open: click('Show picture 2'), dialog: false },
    // The seed's crew-neck tee in M and Navy: its size and colour choices, XS and L sold
    // out in White (docs/rules.md#variants).
    { name: 'product with options', path: TEE },
    { name: 'product with a sold-out choice (back-in-stock offer)', path: TEE, open: chooseSoldOut, dialog: false },
    { name: 'department filtered by size and colour', path: '/departments/3?option=Size:M&option=Colour:Navy' },
    { name: 'search results', path: `/search?q=${encodeURIComponent(searchWord)}` },
    { name: 'redcard', path: '/redcard' },
    { name: 'square', path: '/square' },
    { name: 'weekly ad', path: '/weeklyad' },
    { name: 'sign in', path: '/login' },
    { name: 'sign up', path: '/signup' },
    { name: 'forgot password', path: '/forgot-password' },
    // A token of the right shape; the form shows before anything is sent.
    { name: 'reset password', path: '/reset-password#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    { name: 'reset password without a token', path: '/reset-password' },
    // The link to a new e-mail address: confirmed as the page opens (a made-up token is refused).
    { name: 'confirm a new e-mail', path: `/account/email#token=${MADE_UP_TOKEN}` },
    { name: 'confirm a new e-mail without a token', path: '/account/email' },
    { name: 'stop back-in-stock mails', path: `/unsubscribe?token=${MADE_UP_TOKEN}` },
    { name: 'stop back-in-stock mails without a token', path: '/unsubscribe' },
    { name: 'cart (visitor)', path: '/cart' },
    { name: 'favorites (visitor)', path: '/favorites' },
    { name: 'not found', path: '/no-such-page' },
    { name: 'categories panel', path: '/', open: click('Categories') },
    { name: 'account menu (visitor)', path: '/', open: click('Account: Sign in') },
    { name: 'sign-in dialog (add to cart)', path: product, open: click('Add to cart') },
    { name: 'weekly ad pages dialog', path: '/weeklyad', open: click('View') },
    { name: 'filter panel', path: `/departments/${DEPARTMENT}`, open: click('Filters'), only: 'phone' },
    // The demo shopper.
    { name: 'account', path: '/account', shopper: true },
    { name: 'orders', path: '/account/orders', shopper: true },
    { name: 'order', path: (d) => `/orders/${d.orderId}`, shopper: true },
    { name: 'order confirmation', path: (d) => `/order-confirmation/${d.orderId}`, shopper: true },
    { name: 'my reviews', path: '/account/reviews', shopper: true },
    { name: 'addresses', path: '/account/addresses', shopper: true },
    { name: 'addresses, adding one', path: '/account/addresses', open: click('Add an address'), dialog: false, shopper: true },
    // The demo shopper's e-mail and password are not offered; a member's are (below).
    { name: 'account settings (demo shopper)', path: '/account/settings', shopper: true },
    { name: 'inbox', path: '/account/inbox', shopper: true },
    // Opened by its address, as the back office's mail is: the frame loads with the page.
    { name: 'inbox, a mail open', path: (d) => `/account/inbox?mail=${d.inboxMailId}`, shopper: true },
    { name: 'add review', path: (d) => `/products/${d.unreviewedId}/add-review`, shopper: true },
    { name: 'edit review', path: (d) => `/reviews/${d.reviewId}/edit`, shopper: true },
    { name: 'cart with a line', path: '/cart', shopper: true },
    { name: 'checkout', path: '/checkout', shopper: true },
    { name: 'checkout, adding an address', path: '/checkout', open: click('Add an address'), dialog: false, shopper: true },
    // The test provider's card form, under the choice of how to pay.
    {
      name: 'checkout, paying by card',
      path: '/checkout',
      open: (page) => page.getByRole('radio', { name: 'Credit or debit card' }).check(),
      dialog: false,
      shopper: true,
    },
    { name: 'favorites', path: '/favorites', shopper: true },
    { name: 'account menu (shopper)', path: '/', open: click('Account: Hi, Demo'), shopper: true },
    {
      name: 'delete review dialog',
      path: '/account/reviews',
      open: async (page) => page.getByRole('button', { name: /^Delete review of / }).first().click(),
      shopper: true,
    },
    // The back office, as its owner sees it (every control there).
    { name: 'back office: dashboard', path: '/admin', staff: true },
    { name: 'back office: products', path: '/admin/products', staff: true },
    { name: 'back office: product editor', path: `/admin/products/${PRODUCT}`, staff: true },
    { name: 'back office: variant grid', path: '/admin/products/25', staff: true },
    { name: 'back office: new product', path: '/admin/products/new', staff: true },
    { name: 'back office: import', path: '/admin/import', staff: true },
    { name: 'back office: orders', path: '/admin/orders', staff: true },
    { name: 'back office: order', path: (d) => `/admin/orders/${d.orderId}`, staff: true },
    { name: 'back office: refund form', path: (d) => `/admin/orders/${d.refundableOrderId}`, open: click('Refund'), staff: true },
    { name: 'back office: reviews', path: '/admin/reviews', staff: true },
    { name: 'back office: shipping and tax', path: '/admin/shipping', staff: true },
    { name: 'back office: promotions', path: '/admin/promotions', staff: true },
    { name: 'back office: shoppers', path: '/admin/shoppers', staff: true },
    { name: 'back office: staff', path: '/admin/staff', staff: true },
    { name: 'back office: audit log', path: '/admin/audit', staff: true },
    { name: 'back office: mail', path: '/admin/mail', staff: true },
    { name: 'back office: a mail', path: (d) => `/admin/mail/${d.mailId}`, staff: true },
    // A shopper of their own account (prepareMember): a new address waiting for its
    // link, a back-in-stock alert waiting.
    { name: 'account settings', path: '/account/settings', member: true },
  ];
}

/** Who a state is seen as. */
const whoSees = (state) => (state.staff ? 'staff' : state.shopper ? 'shopper' : state.member ? 'member' : 'visitor');

/**
 * Runs axe on every state at each width it applies to; answers the results, axe's and
 * Chromium's versions. `onState` is told about each state as it is checked.
 */
export async function axePages(base, { searchWord }, onState = () => undefined) {
  const source = await axeSource();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
  const results = [];
  let axeVersion = '';
  try {
    const list = states({ searchWord });
    for (const [widthName, viewport] of Object.entries(WIDTHS)) {
      for (const who of ['visitor', 'shopper', 'staff', 'member']) {
        const context = await browser.newContext({ baseURL: base, viewport });
        context.setDefaultTimeout(15_000);
        context.setDefaultNavigationTimeout(30_000);
        try {
          const prepare = { shopper: prepareShopper, staff: prepareStaff, member: prepareMember }[who];
          const data = prepare ? await prepare(context) : {};
          const page = await context.newPage();
          for (const state of list) {
            if (whoSees(state) !== who || (state.only && state.only !== widthName)) continue;
            const path = typeof state.path === 'function' ? state.path(data) : state.path;
            const result = await checkState(page, source, { ...state, path, width: widthName });
            axeVersion = result.axeVersion || axeVersion;
            delete result.axeVersion;
            results.push(result);
            onState(result);
          }
        } finally {
          await context.close();
        }
      }
    }
    return { axeVersion, chromiumVersion: browser.version(), results };
  } finally {
    await browser.close();
  }
}

/** Loads one state, lets it settle, opens its dialog if it has one, and runs axe. */
async function checkState(page, source, state) {
  const result = { name: state.name, path: state.path, width: state.width, violations: [], error: undefined };
  try {
    await page.goto(state.path, { waitUntil: 'load' });
    await settle(page);
    if (state.open) {
      await state.open(page);
      if (state.dialog !== false) await page.locator('dialog[open]').first().waitFor({ state: 'visible' });
      // The panels slide in for 160 ms: let them finish before colours are read.
      await page.waitForTimeout(400);
      await settle(page);
    }
    await page.evaluate(source);
    const answer = await page.evaluate(
      async (tags) => {
        const run = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return {
          version: window.axe.version,
          violations: run.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            helpUrl: v.helpUrl,
            nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, summary: n.failureSummary })),
          })),
        };
      },
      TAGS,
    );
    result.violations = answer.violations;
    result.axeVersion = answer.version;
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return result;
}

/**
 * Waits until the screen has settled: no request for a while, the main content there
 * (nothing in it marked busy, a heading drawn) and the fonts loaded.
 */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        return main !== null && main.querySelector('[aria-busy="true"]') === null && main.querySelector('h1, h2') !== null;
      },
      null,
      { timeout: 15_000 },
    )
    .catch(() => {
      throw new Error('the main content did not appear (still busy, or no heading) within 15 s');
    });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

/** Calls the API with the context's cookies, sending the anti-forgery token the store set. */
async function api(context, method, path, data) {
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const response = await context.request.fetch(path, {
    method,
    headers: token ? { 'XSRF-Token': decodeURIComponent(token) } : {},
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/**
 * Signs the context in as the demo shopper and makes sure they have what the signed-in
 * screens show: an order (placed now if they have none), a review of their own, a
 * product they have not reviewed, a favorite and a line in the cart. Answers the ids.
 */
/** Signs the back office's owner in; after a shopper's order, so the lists hold something. */
async function prepareStaff(context) {
  await api(context, 'GET', '/api/session');
  await api(context, 'POST', '/api/session', { credential: OWNER.username, password: OWNER.password });
  // The newest order (the demo shopper's, whose states run first), for its page.
  const { Orders } = await api(context, 'GET', '/api/admin/orders');
  // The newest mail (that order's confirmation), for the page that shows one.
  const { Mails } = await api(context, 'GET', '/api/admin/mail');
  return { orderId: Orders[0]?.id, refundableOrderId: await refundableOrder(context, Orders), mailId: Mails[0]?.id };
}

/**
 * The newest order with money left to refund, whose page offers the refund form (the
 * form is only opened, never sent, so it stays so from one width to the next).
 */
async function refundableOrder(context, orders) {
  for (const { id } of orders) {
    const order = await api(context, 'GET', `/api/admin/orders/${id}`);
    if (order.payment.refundable > 0) return id;
  }
  return undefined;
}

async function prepareShopper(context) {
  await api(context, 'GET', '/api/session');
  await api(context, 'POST', '/api/session', DEMO);

  let orders = (await api(context, 'GET', '/api/orders')).Orders;
  if (orders.length === 0) {
    await emptyCart(context);
    await api(context, 'POST', '/api/cart', { productId: PRODUCT });
    const cart = await api(context, 'GET', '/api/cart');
    await api(context, 'POST', '/api/orders', {
      total: cart.total,
      products: cart.Products.map((line) => ({ productId: line.productId })),
    });
    orders = (await api(context, 'GET', '/api/orders')).Orders;
  }

  let reviews = (await api(context, 'GET', '/api/reviews/current')).Reviews;
  if (reviews.length === 0) {
    await api(context, 'POST', `/api/products/${REVIEWED}/reviews`, {
      title: 'Sharp picture, easy setup',
      description: 'Bright and clear, and it was on the wall and streaming within half an hour.',
      rating: 4,
    });
    reviews = (await api(context, 'GET', '/api/reviews/current')).Reviews;
  }
  const reviewed = new Set(reviews.map((r) => r.productId ?? r.Product?.id));
  const unreviewedId = [PRODUCT, 53, 54, 55, 56].find((id) => !reviewed.has(id));

  const favorites = (await api(context, 'GET', '/api/favorites')).Products;
  if (favorites.length === 0) await api(context, 'POST', '/api/favorites', { productId: PRODUCT });

  const cart = await api(context, 'GET', '/api/cart');
  if (cart.Products.length === 0) await api(context, 'POST', '/api/cart', { productId: PRODUCT });

  // Its order's confirmation, at least, is in its inbox.
  const [mail] = (await api(context, 'GET', '/api/account/inbox')).mails;
  return { orderId: orders[0].id, reviewId: reviews[0].id, unreviewedId, inboxMailId: mail.id };
}

/**
 * Signs a new shopper up (an account of their own, not a demo's: its e-mail and password
 * may change), with a new address waiting for its link and a back-in-stock alert for a
 * sold-out variant of the tee, so the settings screen shows all it can.
 */
async function prepareMember(context) {
  await api(context, 'GET', '/api/session');
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = `pass-${id}`;
  await api(context, 'POST', '/api/users', {
    firstName: 'Quality',
    lastName: 'Member',
    username: `quality_${id}`,
    email: `quality_${id}@market.test`,
    password,
  });
  const tee = await api(context, 'GET', '/api/products/25');
  const soldOut = tee.variants.find((v) => v.stock === 0);
  if (soldOut) await api(context, 'POST', '/api/stock-alerts', { productId: 25, variantId: soldOut.id });
  await api(context, 'PATCH', '/api/account', { email: `quality_${id}_new@market.test`, currentPassword: password });
  return {};
}

async function emptyCart(context) {
  const cart = await api(context, 'GET', '/api/cart');
  for (const line of cart.Products) await api(context, 'DELETE', `/api/cart/${line.cartId}`);
}
