// The API answers the server wrote into the page for the address it was asked for
// (src/storefront/): `<script type="application/json" id="first-answers">`, keyed by
// the address the app asks each at. The store begins with them, and the first request
// for each is answered from here instead of the network, once: so a first visit
// renders at once, without waiting for a second round trip.

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
      if (block?.textContent) kept = new Map(Object.entries(JSON.parse(block.textContent) as Record<string, FirstAnswer>));
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
  all.delete(url);
  return answer;
}

/** The page's successful answers, by address, for the store to begin with. */
export function firstAnswers(): [string, unknown][] {
  return [...answers()].filter(([, a]) => a.status === 200).map(([url, a]) => [url, a.body]);
}

/** For unit tests: answers as if the page had carried them. */
export function carryFirstAnswers(block: Record<string, FirstAnswer>) {
  kept = new Map(Object.entries(block));
}
