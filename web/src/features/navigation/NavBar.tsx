import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/Logo.tsx';
import { paths } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { CategoriesPanel } from './CategoriesPanel.tsx';
import { SearchBox } from './SearchBox.tsx';
import styles from './NavBar.module.css';

const promoLinks = [
  { to: paths.weeklyAd, label: 'Weekly Ad' },
  { to: paths.redCard, label: 'RedCard' },
  { to: paths.square, label: 'Market Square' },
];

/** `loaded` says whether the startup session check has finished (docs/rules.md#screens). */
export function NavBar({ loaded }: { loaded: boolean }) {
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const firstName = useStore((s) => s.session.user?.firstName);
  const cartCount = useStore((s) => s.cart.lines.length);
  return (
    <header>
      <nav className={styles.bar} aria-label="Main">
        <div className={styles.inner}>
          <Link to={paths.home} className={styles.logo} aria-label="Market home">
            <LogoMark />
            <span className={styles.logoText}>Market</span>
          </Link>
          <button
            type="button"
            className={styles.navButton}
            aria-haspopup="dialog"
            aria-expanded={categoriesOpen}
            onClick={() => setCategoriesOpen(true)}
          >
            <MenuIcon />
            <span className={styles.shrinkLabel}>Categories</span>
          </button>
          <div className={styles.links}>
            {promoLinks.map((l) => (
              <Link key={l.to} to={l.to} className={styles.navButton}>
                {l.label}
              </Link>
            ))}
          </div>
          <SearchBox />
          <span className={styles.spacer} />
          <button
            type="button"
            className={styles.navButton}
            aria-haspopup="dialog"
            aria-expanded={accountOpen}
            onClick={() => setAccountOpen(true)}
            disabled={!loaded}
          >
            <PersonIcon />
            <span className="visually-hidden">Account: </span>
            <span className={styles.hideSmall}>{!loaded ? '' : firstName ? `Hi, ${firstName}` : 'Sign in'}</span>
          </button>
          <Link
            to={paths.cart}
            className={styles.navButton}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <CartIcon />
            <span className={styles.cartCount}>{cartCount}</span>
          </Link>
        </div>
      </nav>
      <nav className={styles.secondary} aria-label="Promotions">
        <div className={styles.secondaryInner}>
          {promoLinks.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </div>
      </nav>
      <CategoriesPanel open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
      <AccountPanel open={accountOpen} onClose={() => setAccountOpen(false)} />
    </header>
  );
}

function MenuIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 4h2l2.4 11h10.8L21 7H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
