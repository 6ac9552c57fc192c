// Lighthouse on a large store's listing pages asked for the first time, for `make bench`
// (scripts/bench/run.sh runs it on the million-product store): each run of a kind asks a
// page no one has asked before (another search, another deep page), so the page and its
// answers are made for it, as a crawler or a new shopper meets them. Prints one Markdown
// row a kind: the median run's performance, LCP, CLS and TBT, against the quality stage's
// targets (performance 95, LCP 1.8 s, CLS 0.02).
//   node quality/scale.mjs BASE_URL [RUNS]
import { lighthousePages } from './lighthouse.mjs';
import { LCP_TARGET_MS, PERFORMANCE_TARGET, limits } from './report.mjs';

const [base, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
if (!base || !Number.isInteger(runs) || runs < 1 || runs > 5) {
  console.error('usage: node quality/scale.mjs BASE_URL [RUNS (1 to 5)]');
  process.exit(2);
}

/**
 * Each kind's pages, one a run, none asked before in the bench; each page is there (of
 * the generated million, Furniture has nothing from $20 to $40, and a page past a
 * listing's last goes to its last).
 */
const searches = ['garden hose', 'wireless mouse', 'desk lamp', 'yoga mat', 'coffee maker'];
const KINDS = [
  ['search, two words', (i) => `/search?q=${encodeURIComponent(searches[i])}`],
  ['search, a word, sorted, deep page', (i) => `/search?q=${['shirt', 'lamp', 'toy', 'blanket', 'serum'][i]}&sort=price-asc&page=${40 + i}`],
  ['department, sorted, deep page', (i) => `/departments/5?sort=price-asc&page=${300 + i}`],
  ['department, price band, page 20', (i) => `/departments/${[12, 4, 7, 11, 13][i]}?minPrice=20&maxPrice=40&page=${20 + i}`],
  ['department, rating and sort, page 100', (i) => `/departments/${[3, 7, 10, 2, 8][i]}?minRating=4&sort=price-desc&page=${100 + i}`],
];

const maxCls = limits().maxCls;
for (const [kind, path] of KINDS) {
  const paths = Array.from({ length: runs }, (_, i) => path(i));
  // lighthousePages takes pages as {path, shopper?} (b8cff43); these are the public pages.
  const { pages } = await lighthousePages(base, paths.map((page) => ({ path: page })), 1);
  const all = pages.map((page) => page.runs[0]);
  const order = all.map((run, i) => ({ i, score: run.scores.performance ?? -1 })).sort((a, b) => a.score - b.score);
  const median = all[order[Math.floor((order.length - 1) / 2)].i];
  const { lcp, tbt } = median.metrics;
  const worstCls = Math.max(...all.map((run) => run.metrics.cls ?? 1));
  const met =
    (median.scores.performance ?? 0) >= PERFORMANCE_TARGET && lcp <= LCP_TARGET_MS && worstCls <= maxCls ? 'yes' : '**no**';
  console.log(
    `ROW | ${kind} | \`${paths[0]}\` … | ${median.scores.performance} (${all.map((r) => r.scores.performance).join(', ')}) | ` +
      `${(lcp / 1000).toFixed(2)} s | ${worstCls.toFixed(3)} | ${Math.round(tbt)} ms | ${met} |`,
  );
}
