// Lighthouse on the store's pages: mobile form factor, Lighthouse's default simulated
// throttling, four categories, each page `runs` times, one run after another in one
// headless Chromium (each run in a fresh tab; Lighthouse clears the origin's storage and
// the cache before each, except on a signed-in shopper's page: see signInShopper).
import { randomBytes } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own dependency, the one it drives Chromium with.
import puppeteer from 'puppeteer-core';
import { chromiumArgs } from '../e2e/store.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The metrics kept from the run that gave a page its median performance score. */
export const METRICS = {
  lcp: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  fcp: 'first-contentful-paint',
};

/**
 * The audits not run on a signed-in shopper's page. The store marks a shopper's own
 * screens `noindex` and robots.txt disallows them, as is right for private pages, so
 * is-crawlable fails there by design; the rest of SEO still holds them to 100.
 */
export const SHOPPER_SKIPPED_AUDITS = ['is-crawlable'];

// The journeys' flags; chrome-launcher starts a visible browser unless told otherwise.
const chromeFlags = ['--headless=new', ...chromiumArgs];

/**
 * Runs Lighthouse `runs` times on each of `pages` ({path, shopper?}, the path relative
 * to `base`) and answers, per page, every run's scores (0 to 100), metrics and failed
 * audits, plus the median run. A page whose median performance is then under
 * `settle.below` gets up to `settle.more` runs more, one at a time, for a median that
 * holds where it matters: near the line, not on pages far above it. A page with
 * `shopper` ({cart: product ids}) is seen by a new shopper signed up before each run.
 * `onRun` is told about each run as it ends.
 */
export async function lighthousePages(base, pages, runs, onRun = () => undefined, settle = { more: 0, below: 0 }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags,
    logLevel: 'silent',
  });
  const results = [];
  let version = '';
  let userAgent = '';
  try {
    for (const { path, shopper } of pages) {
      const page = { path, runs: [] };
      if (shopper) Object.assign(page, { signedIn: true, skippedAudits: SHOPPER_SKIPPED_AUDITS });
      const unsettled = () => (medianRun(page.runs).scores.performance ?? -1) < settle.below;
      for (let i = 0; i < runs || (i < runs + settle.more && unsettled()); i += 1) {
        // A run Lighthouse could not finish (no score, a runtime error such as NO_LCP or
        // NO_NAVSTART, "Please run Lighthouse again") is tried again, up to three times in
        // all, before it counts: a trace Chromium failed to record is not the page's fault
        // (CI once saw NO_NAVSTART twice in a row on /square, whose other runs scored 100).
        const ATTEMPTS = 3;
        let run;
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          if (shopper) await signInShopper(chrome.port, base, shopper);
          const result = await lighthouse(new URL(path, base).href, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            // Lighthouse would clear the origin's cookies, and with them the shopper's session.
            ...(shopper && { disableStorageReset: true, skipAudits: SHOPPER_SKIPPED_AUDITS }),
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
          const { lhr } = result;
          version = lhr.lighthouseVersion;
          userAgent = lhr.environment.hostUserAgent;
          run = summarize(lhr);
          const complete = !run.runtimeError && CATEGORIES.every((id) => run.scores[id] !== null);
          if (complete || attempt === ATTEMPTS) break;
          onRun(path, i + 1, { ...run, retried: true });
        }
        page.runs.push(run);
        onRun(path, i + 1, run);
      }
      page.median = medianRun(page.runs);
      results.push(page);
    }
  } finally {
    await chrome.kill();
  }
  return { version, userAgent, pages: results };
}

/**
 * Signs a new shopper up in the Chromium Lighthouse drives, with `cart`'s products in
 * their cart: through the API from the store's own origin, so the session cookie lands
 * in the browser, where Lighthouse's tab (opened next) finds it. The last run's shopper
 * is signed out first; the HTTP cache is cleared last, as Lighthouse does for the other
 * pages but not with disableStorageReset, so the page still loads cold.
 */
async function signInShopper(port, base, { cart }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const tab = await browser.newPage();
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    // An API answer, not a screen: nothing of the app loads (or is cached) here.
    await tab.goto(new URL('/api/session', base).href);
    const id = randomBytes(4).toString('hex');
    const shopper = { firstName: 'Robin', lastName: 'Quality', username: `lh_${id}`, email: `lh_${id}@market.test`, password: `pass-${id}` };
    const failure = await tab.evaluate(
      async (shopper, cart) => {
        const send = async (path, body) => {
          const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'XSRF-Token': decodeURIComponent(cookie?.slice(11) ?? '') },
            body: JSON.stringify(body),
          });
          return response.ok ? '' : `POST ${path} answered ${response.status}: ${await response.text()}`;
        };
        for (const [path, body] of [['/api/users', shopper], ...cart.map((productId) => ['/api/cart', { productId }])]) {
          const failed = await send(path, body);
          if (failed) return failed;
        }
        return '';
      },
      shopper,
      cart,
    );
    if (failure) throw new Error(`signing a shopper up for Lighthouse: ${failure}`);
    await cdp.send('Network.clearBrowserCache');
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

/** What one Lighthouse report says about the page, in the figures the stage keeps. */
function summarize(lhr) {
  const scores = {};
  const failed = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);
    // The audits that cost the category points: weighted, scored, and not passed.
    failed[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' }));
  }
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) metrics[key] = lhr.audits[id]?.numericValue ?? null;
  const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
  const warnings = lhr.runWarnings ?? [];
  return { scores, metrics, failed, layoutShifts: layoutShifts(lhr), runtimeError, warnings };
}

/** The elements Lighthouse blames for layout shifts, with each shift's score. */
function layoutShifts(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => ({
    score: item.score,
    node: item.node?.selector ?? item.node?.snippet ?? '',
    snippet: item.node?.snippet ?? '',
    causes: (item.subItems?.items ?? []).map((sub) => sub.cause ?? sub.extra?.value ?? '').filter(Boolean),
  }));
}

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(runs) {
  const order = runs
    .map((run, index) => ({ index, score: run.scores.performance ?? -1 }))
    .sort((a, b) => a.score - b.score || a.index - b.index);
  const chosen = order[Math.floor((order.length - 1) / 2)];
  return { index: chosen.index, ...runs[chosen.index] };
}
