import { Link } from 'react-router-dom';
import { paths, to } from '../../../lib/paths.ts';
import { CardArt } from '../CardArt.tsx';
import styles from './weeklyad.module.css';

const GROCERY = 1;

export function WeeklyAdBanners() {
  return (
    <section className={styles.banners} aria-labelledby="highlights-title">
      <h2 id="highlights-title" className={styles.bannersTitle}>
        This week's highlights
      </h2>
      <Link to={to.department(GROCERY)} className={`${styles.banner} ${styles.bannerFresh}`}>
        <span className={styles.bannerText}>
          <span className={styles.bannerKicker}>Fresh start</span>
          <strong className={styles.bannerTitle}>New year, fresh pantry</strong>
          <span>Apples, avocados, fresh bread and more, delivered free.</span>
          <span className={styles.bannerCta}>Shop grocery</span>
        </span>
        <span className={styles.bannerPictures} aria-hidden="true">
          <img src="/assets/catalog/1f34e.webp" alt="" width={96} height={96} />
          <img src="/assets/catalog/1f951.webp" alt="" width={96} height={96} />
          <img src="/assets/catalog/1f35e.webp" alt="" width={96} height={96} />
        </span>
      </Link>
      <Link to={paths.redCard} className={`${styles.banner} ${styles.bannerRed}`}>
        <span className={styles.bannerText}>
          <span className={styles.bannerKicker}>RedCard</span>
          <strong className={styles.bannerTitle}>Save 5% on every deal in this ad</strong>
          <span>Pay with RedCard and the 5% comes off at checkout.</span>
          <span className={styles.bannerCta}>Get RedCard</span>
        </span>
        <span className={styles.bannerCard}>
          <CardArt variant="credit" />
        </span>
      </Link>
    </section>
  );
}
