// The entry. The page arrives with its first screen drawn (src/storefront/prerendered.rs): the
// bar, and the product, the cards or the page itself, with that screen's CSS. The app's
// code and whole stylesheet are fetched only once that screen and its pictures have
// loaded, so on a phone's connection the pictures are not held behind them; the app then
// renders, replacing the server's markup with the same markup, and takes over.
import './styles/tokens.css';
import './styles/reset.css';
import { keepEarlyActions } from './app/takeover.ts';
import { loadStylesheet } from './lib/stylesheet.ts';

keepEarlyActions(document.getElementById('root')!);

/** The page's load event, or 4 s at the latest: a picture that never arrives does not hold the app back. */
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else addEventListener('load', () => resolve(), { once: true });
  setTimeout(resolve, 4000);
});

/** The next frame after this one has been painted. */
const painted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A page opened in the background gets no frames until it is shown: go on anyway.
    setTimeout(resolve, 250);
  });

/**
 * The first screen's pictures decoded and on screen: a picture the browser is still
 * drawing when the app's script starts waits for the script (a large SVG takes a frame
 * or two), and the app's render would then be the page's largest paint.
 */
async function firstScreenShown() {
  await loaded;
  const pictures = [...document.querySelectorAll<HTMLImageElement>('#root img')].filter((img) => img.complete);
  await Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
  await largestPainted(pictures);
  await painted();
}

/** How much of `element` the window shows, in square pixels. */
function shownArea(element: Element): number {
  const box = element.getBoundingClientRect();
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return Math.max(0, width) * Math.max(0, height);
}

/**
 * Settles once the browser has reported the largest of `pictures` on screen as painted
 * (or something larger), or after half a second: a large SVG can take a few frames.
 */
function largestPainted(pictures: HTMLImageElement[]): Promise<void> {
  const largest = pictures.reduce<HTMLImageElement | undefined>((a, b) => (!a || shownArea(b) > shownArea(a) ? b : a), undefined);
  if (!largest || shownArea(largest) === 0 || !PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint'))
    return Promise.resolve();
  // As the browser counts a picture drawn larger than it is: by its own pixels at most.
  const area = Math.min(shownArea(largest), largest.naturalWidth * largest.naturalHeight);
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as LargestContentfulPaint[];
      if (entries.some((entry) => entry.element === largest || entry.size >= area)) done();
    });
    const done = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(done, 500);
  });
}

/** The script files a data block of the page lists (`app-modules`, `page-modules`). */
function listed(id: string): string[] {
  try {
    const list: unknown = JSON.parse(document.getElementById(id)?.textContent ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

void firstScreenShown().then(async () => {
  // Every file at once, rather than one import after another as each module is read.
  // The page carries only its own screen's CSS; every other screen needs the rest.
  const stylesheet = loadStylesheet('market-app-css');
  for (const href of [...listed('app-modules'), ...listed('page-modules')]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  await stylesheet;
  return import('./app/start.tsx');
});
