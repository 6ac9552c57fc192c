/**
 * The stylesheet web/build.mjs names in `<meta name="{meta}">` (the app's whole one, the
 * back office's), added to the page once: settles when it has loaded, or failed to (the
 * screens are then plain, not hidden), at once when it already has or when the page
 * names none (a test's).
 */
export function loadStylesheet(meta: string): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content;
  if (!href) return Promise.resolve();
  let link = document.querySelector<HTMLLinkElement>(`link[data-named-by="${meta}"]`);
  if (link?.dataset.loaded === 'true') return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.namedBy = meta;
    document.head.append(link);
  }
  const added = link;
  return new Promise<void>((resolve) => {
    const done = () => {
      added.dataset.loaded = 'true';
      resolve();
    };
    added.addEventListener('load', done, { once: true });
    added.addEventListener('error', done, { once: true });
  });
}

/** Whether that stylesheet has loaded already (or the page names none). */
export function stylesheetLoaded(meta: string): boolean {
  if (typeof document === 'undefined') return false;
  if (!document.querySelector(`meta[name="${meta}"]`)) return true;
  return document.querySelector<HTMLLinkElement>(`link[data-named-by="${meta}"]`)?.dataset.loaded === 'true';
}
