import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import { PanelHead } from '../../components/PanelHead.tsx';
import { formatMoment, formatSpan } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './AccountPanel.module.css';

const shopperLinks = [
  { to: paths.account, label: 'Account' },
  { to: paths.orders, label: 'Orders' },
  { to: paths.addresses, label: 'Addresses' },
  { to: paths.accountSettings, label: 'Settings' },
  { to: paths.inbox, label: 'Inbox' },
  { to: paths.square, label: 'Market Square' },
  { to: paths.reviews, label: 'Reviews' },
  { to: paths.favorites, label: 'Favorites' },
  { to: paths.redCard, label: 'RedCard' },
];

const visitorLinks = [
  { to: paths.login, label: 'Sign in' },
  { to: paths.signup, label: 'Create Account' },
];

/** The account menu (docs/rules.md#screens), as a side panel from the right. */
export function AccountPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useStore((s) => s.session.user);
  const demo = useStore((s) => s.session.demo);
  const signOut = useStore((s) => s.signOut);
  const navigate = useNavigate();

  const leave = () => {
    signOut().then(
      () => {
        onClose();
        void navigate(paths.home);
      },
      () => onClose(),
    );
  };

  return (
    <Dialog open={open} onClose={onClose} label="Account" placement="end">
      <PanelHead title={user ? `Hi, ${user.firstName}` : 'Account'} closeLabel="Close account menu" onClose={onClose} />
      {!user && <p className={styles.pitch}>Sign in to see your orders, favorites and reviews.</p>}
      {user?.demoEndsAt && (
        <p className={styles.pitch}>
          This demo account is yours alone. It goes, with all it holds, on {formatMoment(user.demoEndsAt)}
          {demo && <> ({formatSpan(demo.endsAfterMinutes)} after your last visit)</>}.
        </p>
      )}
      <ul role="list" className={styles.list}>
        {(user ? shopperLinks : visitorLinks).map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={styles.item} onClick={onClose}>
              {l.label}
            </Link>
          </li>
        ))}
        {user && user.role !== 'shopper' && (
          <li>
            <Link to={paths.admin} className={styles.item} onClick={onClose}>
              Back office
            </Link>
          </li>
        )}
        {user && (
          <li>
            <button type="button" className={`${styles.item} ${styles.signOut}`} onClick={leave}>
              Sign Out
            </button>
          </li>
        )}
      </ul>
    </Dialog>
  );
}
