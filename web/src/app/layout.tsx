import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../features/navigation/Footer.tsx';
import { NavBar } from '../features/navigation/NavBar.tsx';
import { useStore } from '../store/index.ts';
import styles from './layout.module.css';
import { useShopperSession } from './useShopperSession.ts';

export function Layout() {
  useShopperSession();
  const loaded = useStore((s) => s.session.loaded);
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <NavBar loaded={loaded} />
      <Main loaded={loaded} />
      <Footer />
      <ScrollRestoration />
    </>
  );
}

/** The screen itself, rendered once the startup session check has settled (docs/rules.md#screens). */
function Main({ loaded }: { loaded: boolean }) {
  const busy = <div className={styles.loading} aria-busy="true" />;
  return (
    <main className={styles.main} id="main" tabIndex={-1}>
      {loaded ? (
        <Suspense fallback={busy}>
          <Outlet />
        </Suspense>
      ) : (
        busy
      )}
    </main>
  );
}
