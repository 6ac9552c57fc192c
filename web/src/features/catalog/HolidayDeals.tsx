import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductCard } from '../../components/ProductCard.tsx';
import { to } from '../../lib/paths.ts';
import { departmentListingKey } from '../../store/departments.ts';
import { useStore } from '../../store/index.ts';
import styles from './catalog.module.css';

/** How many cards the shelf shows. */
const SHELF = 8;

/** The holiday deals shelf: the first products of one department (5, Electronics). */
export function HolidayDeals({ departmentId }: { departmentId: number }) {
  const department = useStore((s) => s.departments.listings[departmentListingKey(departmentId, undefined, SHELF)]);
  const listDepartmentProducts = useStore((s) => s.listDepartmentProducts);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    listDepartmentProducts(departmentId, undefined, SHELF).catch(() => setFailed(true));
  }, [departmentId, listDepartmentProducts]);

  return (
    <section className={styles.section} aria-labelledby="holiday-deals">
      <div className={styles.sectionHead}>
        <h2 id="holiday-deals">Holiday deals</h2>
        {/* The same words before and after the shelf's answer: the server's first screen has none (src/prerender.tsx). */}
        <Link to={to.department(departmentId)}>Shop all deals</Link>
      </div>
      {department ? (
        <ul role="list" className={styles.shelf}>
          {department.Products.slice(0, SHELF).map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      ) : (
        // The cards' room is kept while they load, so what is under the shelf does not move.
        !failed && (
          <div className={styles.shelf} aria-hidden="true">
            {Array.from({ length: SHELF }, (_, i) => (
              <div key={i} className={styles.placeholder} />
            ))}
          </div>
        )
      )}
    </section>
  );
}
