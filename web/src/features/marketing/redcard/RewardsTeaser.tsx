import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import m from '../marketing.module.css';
import styles from './redcard.module.css';

export function RewardsTeaser() {
  return (
    <section className={`${m.section} ${styles.teaser}`} aria-labelledby="teaser-title">
      <div className={styles.teaserArt} aria-hidden="true">
        <span>1%</span>
      </div>
      <div className={styles.teaserText}>
        <p className={styles.teaserKicker}>Market Square</p>
        <h2 id="teaser-title">Stack your savings with Market Square</h2>
        <p>
          Our free rewards program adds 1% earnings on every purchase, a birthday treat and offers that save 5-50%, on
          top of your RedCard 5%.
        </p>
        <ButtonLink to={paths.square} variant="secondary">
          Explore Market Square
        </ButtonLink>
      </div>
    </section>
  );
}
