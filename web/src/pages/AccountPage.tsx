import { Link } from 'react-router-dom';
import { LoadGate } from '../components/LoadGate.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AccountTile, LatestOrder, LatestReview } from '../features/account/AccountOverview.tsx';
import { formatDate } from '../lib/dates.ts';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import styles from '../features/account/account.module.css';

const shortcuts = [
  { to: paths.orders, label: 'Orders', text: 'Track, review and see everything you ordered' },
  { to: paths.addresses, label: 'Addresses', text: 'Where your orders ship, and your default' },
  { to: paths.reviews, label: 'Reviews', text: 'Edit or delete what you wrote' },
  { to: paths.favorites, label: 'Favorites', text: 'The things you love, in one place' },
  { to: paths.accountSettings, label: 'Settings', text: 'Name, e-mail, password and back-in-stock alerts' },
  { to: paths.inbox, label: 'Inbox', text: 'The mails we sent you' },
  { to: paths.square, label: 'Market Square', text: 'Earn 1% on every purchase' },
  { to: paths.redCard, label: 'RedCard', text: 'Save 5% today and every day' },
];

export default function AccountPage() {
  usePageTitle('Account');
  const user = useStore((s) => s.session.user);
  const listOrders = useStore((s) => s.listOrders);
  const listMyReviews = useStore((s) => s.listMyReviews);
  const latestOrder = useStore((s) => s.orders.list[0]);
  const latestReview = useStore((s) => s.reviews.mine[0]);
  const state = useLoad(() => Promise.all([listOrders(), listMyReviews()]), []);
  if (!user) return null;
  return (
    <>
      <PageHead title={`Hi, ${user.firstName}`}>
        {user.firstName} {user.lastName} · {user.email} · member since {formatDate(user.createdAt)}
      </PageHead>
      <LoadGate state={state} notFound={null}>
        <div className={styles.grid}>
          <AccountTile title="Latest order" link={{ to: paths.orders, label: 'All orders' }}>
            <LatestOrder order={latestOrder} />
          </AccountTile>
          <AccountTile title="Latest review" link={{ to: paths.reviews, label: 'All reviews' }}>
            <LatestReview review={latestReview} />
          </AccountTile>
        </div>
      </LoadGate>
      <nav aria-label="Account" className={styles.links}>
        {shortcuts.map((s) => (
          <Link key={s.to} to={s.to}>
            <strong>{s.label}</strong>
            <span>{s.text}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
