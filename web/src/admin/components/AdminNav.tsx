import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { admin as styles } from '../styles/classes.ts';

const links = [
  { to: paths.admin, label: 'Dashboard' },
  { to: paths.adminProducts, label: 'Products' },
  { to: paths.adminImport, label: 'Import' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminReviews, label: 'Reviews' },
  { to: paths.adminShipping, label: 'Shipping and tax' },
  { to: paths.adminPromotions, label: 'Promotions' },
  { to: paths.adminShoppers, label: 'Shoppers' },
  { to: paths.adminStaff, label: 'Staff' },
  { to: paths.adminMails, label: 'Mail' },
  { to: paths.adminAudit, label: 'Audit log' },
];

/** The back office's sections; NavLink marks the one open with aria-current="page". */
export function AdminNav() {
  return (
    <nav aria-label="Back office" className={styles.subnav}>
      <ul role="list">
        {links.map((l) => (
          <li key={l.to}>
            {/* `end` on the dashboard only: /admin/products/7 is still Products. */}
            <NavLink to={l.to} end={l.to === paths.admin}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Said once under the sections to a viewer, whose write controls are hidden or disabled. */
export function ViewerNote() {
  return <p className={styles.note}>Your account can look but not change anything.</p>;
}
