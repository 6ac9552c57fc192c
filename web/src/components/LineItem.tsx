import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CartLine } from '../api/types.ts';
import { to } from '../lib/paths.ts';
import { Price } from './Price.tsx';
import styles from './LineItem.module.css';

/** What a row shows of a cart line, or of an order line given its product's id as productId. */
export type LineProduct = Pick<CartLine, 'productId' | 'departmentId' | 'name' | 'price' | 'previewImage'>;

/** One product row of a cart, a checkout or an order: picture, name, quantity 1, price. */
export function LineItem({ line, children }: { line: LineProduct; children?: ReactNode }) {
  const href = to.product(line.departmentId, line.productId);
  return (
    <li className={styles.line}>
      <Link to={href} className={styles.picture} tabIndex={-1} aria-hidden="true">
        <img src={line.previewImage} alt={line.name} width={96} height={96} loading="lazy" />
      </Link>
      <div className={styles.info}>
        <Link to={href} className={styles.name}>
          {line.name}
        </Link>
        <span className={styles.qty}>Qty 1</span>
        {children && <div className={styles.actions}>{children}</div>}
      </div>
      <Price amount={line.price} />
    </li>
  );
}

/** The list around LineItems. */
export function LineList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul role="list" className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}
