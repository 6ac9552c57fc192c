import type { ReactNode } from 'react';
import styles from './ProductGrid.module.css';

/**
 * The grid of product cards on department, favorites and cart screens; children are <li>s.
 * `busy` while more cards are still to come.
 */
export function ProductGrid({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <ul role="list" className={styles.grid} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}
