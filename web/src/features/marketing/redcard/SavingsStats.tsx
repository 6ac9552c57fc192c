import m from '../marketing.module.css';
import styles from './redcard.module.css';

const stats = [
  { figure: 'Up to $675', what: 'a year on groceries', picture: '/assets/catalog/1f6d2.webp' },
  { figure: 'Nearly $500', what: "in baby's first year", picture: '/assets/catalog/1f37c.webp' },
];

export function SavingsStats() {
  return (
    <section className={m.section} aria-labelledby="savings-title">
      <div className={m.sectionHead}>
        <h2 id="savings-title">The 5% adds up fast</h2>
        <p>What a family could save with RedCard on the things they buy every week.</p>
      </div>
      <ul role="list" className={styles.stats}>
        {stats.map((s) => (
          <li key={s.figure} className={styles.stat}>
            <img src={s.picture} alt="" width={88} height={88} className={styles.statPicture} />
            <p>
              <strong className={styles.statFigure}>{s.figure}</strong>
              <span className={styles.statWhat}>{s.what}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className={m.finePrint}>
        Estimated savings from the 5% RedCard discount on typical grocery and baby-care spending. What you save depends
        on what you buy.
      </p>
    </section>
  );
}
