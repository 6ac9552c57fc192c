import type { ReactNode, Ref } from 'react';
import { Breadcrumb, type Crumb } from './Breadcrumb.tsx';
import styles from './PageHead.module.css';

interface Props {
  crumbs?: Crumb[];
  title: string;
  /** For screens that move the keyboard's focus to their heading (a new page of results). */
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/** Breadcrumb, the page's one h1, and an optional line under it. */
export function PageHead({ crumbs, title, titleRef, children }: Props) {
  return (
    <div className={styles.head}>
      {crumbs && <Breadcrumb crumbs={crumbs} />}
      <h1 className={styles.title} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {title}
      </h1>
      {children && <div className={styles.sub}>{children}</div>}
    </div>
  );
}
