import type { ReactNode } from 'react';
import styles from './ProductGrid.module.css';

/** The grid of product cards on department, favorites and cart screens; children are <li>s. */
export function ProductGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul role="list" className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}
