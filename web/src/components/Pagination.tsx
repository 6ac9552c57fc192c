import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pageItems, type PageItem } from '../lib/pagination.ts';
import styles from './Pagination.module.css';

interface Props {
  page: number;
  pages: number;
  /** The address of a page: real links, so a page opens in a new tab and Back steps through them. */
  hrefFor: (page: number) => string;
}

/**
 * Numbered pages: Previous, the first, two either side of the current page (one on a
 * phone), the last, Next. Nothing when everything fits on one page.
 */
export function Pagination({ page, pages, hrefFor }: Props) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {/* Two rows, one shown per width: CSS hides the other from sight and from screen readers. */}
      <PageRow page={page} pages={pages} hrefFor={hrefFor} items={pageItems(page, pages, 2)} className={styles.wide} />
      <PageRow page={page} pages={pages} hrefFor={hrefFor} items={pageItems(page, pages, 1)} className={styles.narrow} />
    </nav>
  );
}

function PageRow({ page, pages, hrefFor, items, className }: Props & { items: PageItem[]; className?: string }) {
  return (
    <ul role="list" className={`${styles.row} ${className ?? ''}`}>
      <li>
        <Step to={page > 1 ? hrefFor(page - 1) : undefined} rel="prev" label="Previous">
          <span aria-hidden="true" className={styles.arrow}>
            ‹
          </span>
          <span className={styles.stepText}>Previous</span>
        </Step>
      </li>
      {items.map((item, i) =>
        item === 'gap' ? (
          <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
            …
          </li>
        ) : (
          <li key={item}>
            <Link
              to={hrefFor(item)}
              className={styles.page}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </Link>
          </li>
        ),
      )}
      <li>
        <Step to={page < pages ? hrefFor(page + 1) : undefined} rel="next" label="Next">
          <span className={styles.stepText}>Next</span>
          <span aria-hidden="true" className={styles.arrow}>
            ›
          </span>
        </Step>
      </li>
    </ul>
  );
}

/** Previous or Next: a link, or a dimmed label on the first or last page. */
function Step({ to, rel, label, children }: { to?: string; rel: string; label: string; children: ReactNode }) {
  if (to === undefined)
    return (
      <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true" aria-label={`${label} page`} role="link">
        {children}
      </span>
    );
  return (
    <Link to={to} rel={rel} className={styles.step} aria-label={`${label} page`}>
      {children}
    </Link>
  );
}
