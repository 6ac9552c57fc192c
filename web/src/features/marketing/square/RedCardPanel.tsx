import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import { CardArt } from '../CardArt.tsx';
import m from '../marketing.module.css';
import styles from './square.module.css';

export function RedCardPanel() {
  return (
    <section className={`${m.section} ${m.split}`} aria-labelledby="square-redcard-title">
      <div className={m.splitText}>
        <p className={m.kicker}>RedCard</p>
        <h2 id="square-redcard-title">Save even more with RedCard</h2>
        <p>
          Pay with RedCard to take 5% off almost everything at Market, and keep earning Market Square rewards on the same
          purchase.
        </p>
        <ButtonLink to={paths.redCard} variant="secondary">
          Explore RedCard
        </ButtonLink>
      </div>
      <div className={styles.cardPicture}>
        <CardArt variant="credit" label="The RedCard Credit Card" className={styles.card} />
      </div>
    </section>
  );
}
