import { useId } from 'react';
import { FormField } from '../../components/FormField.tsx';
import type { CardFormState } from './useCardForm.ts';
import styles from './checkout.module.css';

/**
 * The test provider's card form: the number (spaced as printed, its network named
 * beside it), the expiry and the security code, each labelled with its message tied to
 * it, and why the card was declined, announced and tied to the number. The test cards
 * to try are said under it.
 */
export function CardForm({ card }: { card: CardFormState }) {
  const declinedId = useId();
  return (
    <div ref={card.fields} className={styles.cardForm}>
      {card.declined && (
        <p id={declinedId} role="alert" className={styles.refusal}>
          {card.declined}
        </p>
      )}
      <FormField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        hint={card.brand}
        aria-describedby={card.declined ? declinedId : undefined}
        {...card.field('number')}
      />
      <div className={styles.cardRow}>
        <FormField label="Expiry (MM / YY)" inputMode="numeric" autoComplete="cc-exp" {...card.field('expiry')} />
        <FormField label="Security code (CVC)" inputMode="numeric" autoComplete="cc-csc" {...card.field('cvc')} />
      </div>
      <p className={styles.note}>Test mode: try 4242 4242 4242 4242 with any future date and any CVC.</p>
    </div>
  );
}
