import { useEffect, useState } from 'react';
import { loadStylesheet, stylesheetLoaded } from '../../lib/stylesheet.ts';

const META = 'market-admin-css';

/**
 * The back office's stylesheet, which no shopper's page carries (web/build.mjs writes it
 * apart and names it in a <meta>): added to the page the first time a back-office
 * screen opens. Answers whether it has loaded, so the frame shows nothing unstyled.
 */
export function useBackOfficeStylesheet(): boolean {
  const [loaded, setLoaded] = useState(() => stylesheetLoaded(META));
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadStylesheet(META).then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}
