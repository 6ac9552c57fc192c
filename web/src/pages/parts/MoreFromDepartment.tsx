import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { emptyListing } from '../../lib/listingQuery.ts';
import { to } from '../../lib/paths.ts';
import { departmentListingKey } from '../../store/departments.ts';
import { useStore } from '../../store/index.ts';
import { ShopCard } from './ShopCard.tsx';
import styles from './MoreFromDepartment.module.css';

/** The department's best rated, one more than shown, in case the product itself is among them. */
const RAIL = 8;
const bestRated = { ...emptyListing('department'), sort: 'rating' as const };

/**
 * "More from {department}": a row of the department's best-rated other products, scrolled
 * sideways, and a link to the whole department. Nothing while it loads or if it fails:
 * the product page does not need it.
 */
export function MoreFromDepartment({ departmentId, departmentName, productId }: { departmentId: number; departmentName: string; productId: number }) {
  const headingId = useId();
  const listing = useStore((s) => s.departments.listings[departmentListingKey(departmentId, bestRated, RAIL + 1)]);
  const listDepartmentProducts = useStore((s) => s.listDepartmentProducts);
  useEffect(() => {
    listDepartmentProducts(departmentId, bestRated, RAIL + 1).catch(() => undefined);
  }, [departmentId, listDepartmentProducts]);

  const others = (listing?.Products ?? []).filter((p) => p.id !== productId).slice(0, RAIL);
  if (others.length === 0) return null;
  return (
    <section className={styles.rail} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId}>More from {departmentName}</h2>
        <Link to={to.department(departmentId)}>See all in {departmentName}</Link>
      </div>
      <ul role="list" className={styles.row} aria-label={`More from ${departmentName}`}>
        {others.map((p) => (
          <li key={p.id}>
            <ShopCard product={p} label="Deliver it" />
          </li>
        ))}
      </ul>
    </section>
  );
}
