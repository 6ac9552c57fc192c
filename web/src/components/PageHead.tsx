import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './Breadcrumb.tsx';
import styles from './PageHead.module.css';

/** Breadcrumb, the page's one h1, and an optional line under it. */
export function PageHead({ crumbs, title, children }: { crumbs?: Crumb[]; title: string; children?: ReactNode }) {
  return (
    <div className={styles.head}>
      {crumbs && <Breadcrumb crumbs={crumbs} />}
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.sub}>{children}</div>}
    </div>
  );
}
