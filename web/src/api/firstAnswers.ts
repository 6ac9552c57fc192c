// The API answers the server wrote into the page for the address it was asked for
// (src/storefront/): `<script type="application/json" id="first-answers">`, keyed by
// the address the app asks each at. The store begins with them, and the first request
// for each is answered from here instead of the network, once: so a first visit
// renders at once, without waiting for a second round trip.
import { listingApiQuery, parseListing, type ListingKind } from '../lib/listingQuery.ts';

export interface FirstAnswer {
  status: number;
  body: unknown;
}

/** Past this, a page has been open long enough that its first answers may be stale. */
const FRESH_MS = 30_000;

let kept: Map<string, FirstAnswer> | undefined;

function answers(): Map<string, FirstAnswer> {
  if (kept === undefined) {
    const page = typeof document === 'undefined' ? undefined : document;
    const block = typeof page?.getElementById === 'function' ? page.getElementById('first-answers') : null;
    kept = new Map();
    try {
      if (block?.textContent) kept = withAliases(JSON.parse(block.textContent) as Record<string, FirstAnswer>);
    } catch {
      // A block that does not parse is no answer: the app asks the server as it always can.
    }
  }
  if (typeof performance !== 'undefined' && performance.now() > FRESH_MS) kept.clear();
  return kept;
}

/** The page's answer for `url`, if it carried one not taken yet; it is then gone. */
export function takeFirstAnswer(url: string): FirstAnswer | undefined {
  const all = answers();
  const answer = all.get(url);
  // Under every address it was kept at.
  for (const [key, kept] of all) if (kept === answer) all.delete(key);
  return answer;
}

/**
 * The answers by the address the server was asked at and, for a listing, also by the
 * address the app asks it at: the server keys a listing's answer by the page's own query
 * (`q=garden%20hose`, `page=2&sort=rating`), the app by its own spelling of the same
 * listing (`q=garden+hose`, `sort=rating&page=2`), made by the same code that makes its
 * requests. A listing asked with a `limit` (a rail) is asked as the server wrote it.
 */
export function withAliases(block: Record<string, FirstAnswer>): Map<string, FirstAnswer> {
  const all = new Map(Object.entries(block));
  for (const [url, answer] of Object.entries(block)) {
    const at = url.indexOf('?');
    const [path, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
    const kind: ListingKind | undefined =
      path === '/api/search' ? 'search' : /^\/api\/departments\/\d+\/products$/.test(path) ? 'department' : undefined;
    const params = new URLSearchParams(query);
    if (kind === undefined || params.has('limit')) continue;
    const asked = listingApiQuery(parseListing(kind, params));
    const alias = asked === '' ? path : `${path}?${asked}`;
    if (!all.has(alias)) all.set(alias, answer);
  }
  return all;
}

/** The page's successful answers, by address, for the store to begin with. */
export function firstAnswers(): [string, unknown][] {
  return [...answers()].filter(([, a]) => a.status === 200).map(([url, a]) => [url, a.body]);
}

/** For unit tests: answers as if the page had carried them. */
export function carryFirstAnswers(block: Record<string, FirstAnswer>) {
  kept = withAliases(block);
}
