import { SHIPPING_ADDRESS, STORE_CARD } from '../../lib/checkoutDetails.ts';
import styles from './checkout.module.css';

export function ShippingPanel() {
  return (
    <section className={styles.panel} aria-labelledby="ship-to">
      <h2 id="ship-to">Shipping address</h2>
      <address className={styles.address}>
        {SHIPPING_ADDRESS.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <p className={styles.note}>Free standard delivery · arrives in 2-4 business days</p>
    </section>
  );
}

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
