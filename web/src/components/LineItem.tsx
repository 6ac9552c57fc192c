import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CartLine } from '../api/types.ts';
import { to } from '../lib/paths.ts';
import { describeOptions } from '../lib/variantChoice.ts';
import { Price } from './Price.tsx';
import styles from './LineItem.module.css';

/** What a row shows of a cart line, or of an order line given its product's id as productId. */
export type LineProduct = Pick<
  CartLine,
  'productId' | 'departmentId' | 'name' | 'price' | 'previewImage' | 'variantId' | 'options'
> &
  Partial<Pick<CartLine, 'variantGone'>>;

/** One product row of a cart, a checkout or an order: picture, name, its options, quantity 1, price. */
export function LineItem({ line, children }: { line: LineProduct; children?: ReactNode }) {
  // The name opens the page on the variant bought; a choice no longer sold opens the product.
  const href = to.product(line.departmentId, line.productId, line.variantGone ? null : line.variantId);
  return (
    <li className={styles.line}>
      <Link to={href} className={styles.picture} tabIndex={-1} aria-hidden="true">
        <img src={line.previewImage} alt={line.name} width={96} height={96} loading="lazy" />
      </Link>
      <div className={styles.info}>
        <Link to={href} className={styles.name}>
          {line.name}
        </Link>
        {line.options.length > 0 && <span className={styles.options}>{describeOptions(line.options)}</span>}
        {line.variantGone && (
          <p className={styles.gone}>This choice is no longer sold. Remove it and choose again.</p>
        )}
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
