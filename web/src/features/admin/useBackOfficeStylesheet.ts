import { useEffect, useState } from 'react';

/**
 * The back office's stylesheet, which no shopper's page carries (web/build.mjs writes it
 * apart and names it in a <meta>): added to the page the first time a back-office
 * screen opens. Answers whether it has loaded, so the frame shows nothing unstyled.
 */
export function useBackOfficeStylesheet(): boolean {
  const [loaded, setLoaded] = useState(() => present()?.dataset.loaded === 'true');
  useEffect(() => {
    if (loaded) return;
    const href = document.querySelector<HTMLMetaElement>('meta[name="market-admin-css"]')?.content;
    if (!href) {
      // A page without one (a test's): nothing to wait for.
      setLoaded(true);
      return;
    }
    let link = present();
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.dataset.backOffice = 'true';
      document.head.append(link);
    }
    const done = () => {
      if (link) link.dataset.loaded = 'true';
      setLoaded(true);
    };
    link.addEventListener('load', done);
    // A stylesheet that fails to load leaves the screens plain, not hidden.
    link.addEventListener('error', done);
    return () => {
      link?.removeEventListener('load', done);
      link?.removeEventListener('error', done);
    };
  }, [loaded]);
  return loaded;
}

const present = () =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLLinkElement>('link[data-back-office]');
