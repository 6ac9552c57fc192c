import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import styles from './weeklyad.module.css';

// Market has no legal pages of its own and sends nobody off-site, so each of these leads home.
const legal = ['Terms', 'Privacy', 'Interest-Based Ads', 'CA Supply Chain Act', 'CA Privacy', 'My Privacy Choices'];

export function LegalLinks() {
  return (
    <div className={styles.legal}>
      <p>
        Prices and offers in this ad are valid Jan 1 - Jan 7 while supplies last. RedCard savings are 5% off the
        price shown, taken at checkout.
      </p>
      <nav aria-label="Legal">
        <ul role="list" className={styles.legalLinks}>
          {legal.map((label) => (
            <li key={label}>
              <Link to={paths.home}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
