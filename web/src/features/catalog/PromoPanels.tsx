import { Link } from 'react-router-dom';
import { to } from '../../lib/paths.ts';
import styles from './catalog.module.css';

/** The landing page's two promotions; their products are fixed by the spec. */
export function PromoPanels() {
  return (
    <div className={styles.promos}>
      <Link to={to.product(5, 51)} className={`${styles.promo} ${styles.promoRed}`}>
        <span className={styles.promoKicker}>Big screen, big savings</span>
        <strong className={styles.promoTitle}>Up to 50% off TVs &amp; electronics</strong>
        <span className={styles.promoCta}>Shop the deal</span>
      </Link>
      <Link to={to.product(6, 61)} className={`${styles.promo} ${styles.promoDark}`}>
        <span className={styles.promoKicker}>Game on</span>
        <strong className={styles.promoTitle}>Save $50 on the console everyone wants</strong>
        <span className={styles.promoCta}>Shop video games</span>
      </Link>
    </div>
  );
}
