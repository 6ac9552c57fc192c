import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../features/navigation/Footer.tsx';
import { NavBar } from '../features/navigation/NavBar.tsx';
import styles from './layout.module.css';

export function Layout() {
  return (
    <>
      <NavBar />
      <main className={styles.main} id="main">
        <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
