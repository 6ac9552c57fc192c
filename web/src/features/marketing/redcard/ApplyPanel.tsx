import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import m from '../marketing.module.css';
import styles from './redcard.module.css';

const offers = ['Credit Card', 'Debit Card', 'Reloadable Account'];

export function ApplyPanel() {
  return (
    <section className={`${m.section} ${styles.apply}`} aria-labelledby="apply-title">
      <h2 id="apply-title">Start saving 5% today</h2>
      <p>Pick the RedCard that fits the way you pay. It only takes a few minutes.</p>
      <ul role="list" className={styles.applyButtons}>
        {offers.map((o) => (
          <li key={o}>
            <ButtonLink to={paths.home} variant="secondary" wide>
              Apply for {o}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className={styles.applyNote}>Market is a demo store: applications are not taken, and these buttons lead home.</p>
    </section>
  );
}
