import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import { PanelHead } from '../../components/PanelHead.tsx';
import { to } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './CategoriesPanel.module.css';

export function CategoriesPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const departments = useStore((s) => s.departments.list);
  const listDepartments = useStore((s) => s.listDepartments);
  useEffect(() => {
    // A failed load leaves the panel empty but the page usable (docs/rules.md#screens).
    listDepartments().catch(() => undefined);
  }, [listDepartments]);

  return (
    <Dialog open={open} onClose={onClose} label="Categories" placement="side">
      <PanelHead title="Categories" closeLabel="Close categories" onClose={onClose} />
      <ul role="list" className={styles.list}>
        {departments.map((d) => (
          <li key={d.id}>
            <Link to={to.department(d.id)} className={styles.item} onClick={onClose}>
              <img src={d.url} alt="" width={40} height={40} loading="lazy" />
              <span>{d.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
