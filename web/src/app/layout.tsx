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
      <main className={styles.main} id="main" tabIndex={-1}>
        <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
