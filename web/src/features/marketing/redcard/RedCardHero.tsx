import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import { CardArt } from '../CardArt.tsx';
import m from '../marketing.module.css';
import styles from './redcard.module.css';

export function RedCardHero() {
  return (
    <section className={m.hero} aria-labelledby="redcard-title">
      <div className={m.heroText}>
        <p className={m.kicker}>RedCard</p>
        <h1 id="redcard-title" className={m.title}>
          Save 5% today &amp; every day
        </h1>
        <p className={m.lead}>
          Take 5% off almost everything at Market, in store and online, with the RedCard credit card, debit card or
          reloadable account. Plus an extra 30 days for returns.
        </p>
        <div className={m.actions}>
          {/* The store takes no applications: every apply button leads home (docs/rules.md#screens). */}
          <ButtonLink to={paths.home}>Apply now</ButtonLink>
        </div>
      </div>
      <div className={styles.cardStack} role="img" aria-label="The RedCard credit card, debit card and reloadable account card">
        <CardArt variant="reloadable" className={styles.cardBack} />
        <CardArt variant="debit" className={styles.cardMiddle} />
        <CardArt variant="credit" className={styles.cardFront} />
      </div>
    </section>
  );
}
