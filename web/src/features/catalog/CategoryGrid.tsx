import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { to } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './catalog.module.css';

export function CategoryGrid() {
  const departments = useStore((s) => s.departments.list);
  const listDepartments = useStore((s) => s.listDepartments);
  useEffect(() => {
    listDepartments().catch(() => undefined);
  }, [listDepartments]);

  return (
    <section className={styles.section} aria-labelledby="shop-categories">
      <div className={styles.sectionHead}>
        <h2 id="shop-categories">Shop by category</h2>
      </div>
      <ul role="list" className={styles.categories}>
        {departments.map((d) => (
          <li key={d.id}>
            <Link to={to.department(d.id)} className={styles.category}>
              <img src={d.url} alt="" width={96} height={96} loading="lazy" />
              <span>{d.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
