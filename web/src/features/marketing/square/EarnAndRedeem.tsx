import m from '../marketing.module.css';
import styles from './square.module.css';

const steps = [
  {
    title: 'Earn',
    items: [
      'Sign in when you shop online, and your earnings are added to your account.',
      'In store, show your Market Square barcode at checkout.',
      'Forgot? Enter your receipt within 7 days of purchase to claim what you earned.',
    ],
  },
  {
    title: 'Redeem',
    items: [
      'Your earnings collect in your account after every purchase.',
      'Apply them to a later purchase at checkout, in store or online.',
      'Save offers to your account, and they come off when you buy the item.',
    ],
  },
];

export function EarnAndRedeem() {
  return (
    <section className={m.section} aria-labelledby="earn-title">
      <div className={m.sectionHead}>
        <h2 id="earn-title">How to earn and redeem</h2>
      </div>
      <div className={styles.steps}>
        {steps.map((s) => (
          <div key={s.title} className={styles.stepPanel}>
            <h3>{s.title}</h3>
            <ol role="list" className={styles.stepList}>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
