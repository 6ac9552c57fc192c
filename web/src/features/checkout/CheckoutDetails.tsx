import { STORE_CARD } from '../../lib/checkoutDetails.ts';
import styles from './checkout.module.css';

export function PaymentPanel() {
  return (
    <section className={styles.panel} aria-labelledby="pay-with">
      <h2 id="pay-with">Payment</h2>
      <div className={styles.card}>
        <span className={styles.cardArt} aria-hidden="true">
          <span />
        </span>
        <span>
          <strong>{STORE_CARD}</strong>
          <br />
          <span className={styles.note}>You save 5% on every purchase with RedCard</span>
        </span>
      </div>
    </section>
  );
}
