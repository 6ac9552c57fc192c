import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/** A centred message with a heading and actions: empty lists, not-found ids, sign-in asks. */
export function Notice({ title, children, level = 2 }: { title: string; children?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.notice}>
      <Heading className={styles.title}>{title}</Heading>
      {children}
    </section>
  );
}
