import type { ReactNode } from 'react';
import type { PaymentMethod, PaymentMethodId } from '../../api/types.ts';
import styles from './checkout.module.css';

interface Props {
  /** The ways to pay, as the server lists them: the RedCard (the default) first. */
  methods: PaymentMethod[];
  chosen: PaymentMethodId;
  onChoose: (method: PaymentMethodId) => void;
  /** What paying by card asks for (the card form), shown under the choice while a card is chosen. */
  children?: ReactNode;
}

/** What each way to pay says under its name. */
const noteOf = (m: PaymentMethod): string =>
  m.discountPercent != null
    ? `You save ${m.discountPercent}% on every purchase with RedCard`
    : 'Visa, Mastercard, American Express, Discover and more';

/**
 * How the order is paid (docs/rules.md#payments), a choice like the delivery's: the
 * stored RedCard with its 5%, chosen unless the shopper chooses otherwise, or a credit
 * or debit card typed into the form under it. What each costs is the quote's.
 */
export function PaymentChoice({ methods, chosen, onChoose, children }: Props) {
  return (
    <section className={styles.panel} aria-labelledby="pay-with">
      <fieldset className={styles.payment}>
        {/* The panel's heading names the choice too, as the other panels' headings do theirs. */}
        <legend className={styles.paymentLegend}>
          <h2 id="pay-with">Payment</h2>
        </legend>
        {methods.map((m) => (
          <label key={m.id} className={`${styles.method} ${m.id === chosen ? styles.chosen : ''}`}>
            <input type="radio" name="payment" value={m.id} checked={m.id === chosen} onChange={() => onChoose(m.id)} />
            <span className={styles.methodText}>
              <span className={styles.methodName}>{m.label}</span>
              <span className={styles.note}>{noteOf(m)}</span>
            </span>
            {m.id === 'redcard' && (
              <span className={styles.cardArt} aria-hidden="true">
                <span />
              </span>
            )}
          </label>
        ))}
        {chosen === 'card' && children}
      </fieldset>
    </section>
  );
}
