import { Button } from '../../components/Button.tsx';
import type { StripeCardState } from './useStripeCard.ts';
import styles from './checkout.module.css';

/**
 * A card paid through Stripe: Stripe's Payment Element (its own labelled fields, which
 * show a field's problem themselves), why the card was refused above it, announced, as
 * the test provider's form shows a decline. Until Stripe.js has loaded a line says the
 * form is on its way; if it cannot load, the shopper may try again. With a test key, the
 * test cards to try are said under it.
 */
export function StripeCardElement({ card, testMode }: { card: StripeCardState; testMode: boolean }) {
  return (
    <div className={styles.cardForm}>
      {card.declined && (
        <p role="alert" className={styles.refusal}>
          {card.declined}
        </p>
      )}
      {card.failed ? (
        <div role="alert" className={styles.stripeFailed}>
          <p>The card form couldn't be loaded. Check your connection and try again.</p>
          <Button variant="quiet" size="small" onClick={card.retry}>
            Try again
          </Button>
        </div>
      ) : (
        !card.ready && (
          <p role="status" className={styles.note}>
            Loading the card form…
          </p>
        )
      )}
      {/* Stripe draws into this; it is not React's to change. */}
      <div ref={card.mount} className={styles.stripeElement} />
      {testMode && (
        <p className={styles.note}>Test mode: try 4242 4242 4242 4242 with any future date and any CVC.</p>
      )}
    </div>
  );
}
