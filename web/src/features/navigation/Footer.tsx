import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/Logo.tsx';
import { paths } from '../../lib/paths.ts';
import styles from './Footer.module.css';

// The store has no social accounts of its own; these point at each network's home.
const socialLinks = [
  { label: 'Facebook', href: 'https://www.facebook.com/', glyph: 'f' },
  { label: 'Instagram', href: 'https://www.instagram.com/', glyph: '◎' },
  { label: 'Pinterest', href: 'https://www.pinterest.com/', glyph: 'P' },
  { label: 'YouTube', href: 'https://www.youtube.com/', glyph: '▶' },
  { label: 'X', href: 'https://x.com/', glyph: '𝕏' },
];

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <LogoMark size={32} />
          <span>Market</span>
        </div>
        <nav aria-label="Footer" className={styles.links}>
          <Link to={paths.weeklyAd}>Weekly Ad</Link>
          <Link to={paths.redCard}>RedCard</Link>
          <Link to={paths.square}>Market Square</Link>
          <Link to={paths.favorites}>Favorites</Link>
        </nav>
        <ul role="list" className={styles.social} aria-label="Market on social media">
          {socialLinks.map((s) => (
            <li key={s.label}>
              <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                <span aria-hidden="true">{s.glyph}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} Market. A demo store: nothing here is for sale.</p>
    </footer>
  );
}
