import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import { CardArt } from '../CardArt.tsx';
import { CheckIcon } from '../Icons.tsx';
import m from '../marketing.module.css';
import styles from './redcard.module.css';

const perks = [
  '5% off almost everything at Market',
  'Cash withdrawal of up to $40 at checkout',
  'Purchases are drawn from your checking account in 1-3 days',
  'An extra 30 days for returns',
];

export function DebitCardPanel() {
  return (
    <section className={`${m.section} ${m.split}`} aria-labelledby="debit-title">
      <div className={styles.debitPicture}>
        <CardArt variant="debit" label="The RedCard Debit Card" className={styles.debitCard} />
      </div>
      <div className={m.splitText}>
        <p className={m.kicker}>RedCard Debit</p>
        <h2 id="debit-title">All the savings, straight from your checking account</h2>
        <p>The debit card links to the checking account you already have, so there is no new bill to pay.</p>
        <ul className={m.checks}>
          {perks.map((p) => (
            <li key={p}>
              <CheckIcon />
              {p}
            </li>
          ))}
        </ul>
        <ButtonLink to={paths.home}>Apply for RedCard Debit</ButtonLink>
      </div>
    </section>
  );
}
