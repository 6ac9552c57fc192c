import type { ShippingMethod } from '../../api/types.ts';
import { arrivesIn, freeOverNote, methodPrice, methodSentence } from '../../lib/checkoutDetails.ts';
import { formatPrice } from '../../lib/money.ts';
import styles from './checkout.module.css';

interface Props {
  methods: ShippingMethod[];
  /** The method the quote is for. */
  chosenId: number;
  /** The method the last quote priced and what it adds to this order: its price, or nothing from its `freeOver` on. */
  quoted: { methodId: number; shipping: number };
  onChoose: (methodId: number) => void;
}

/**
 * How the order ships, as staff set the methods up (docs/rules.md#checkout): one method
 * is a sentence ("Free standard delivery · arrives in 2-4 business days"); several are a
 * choice, each with its price, when it is free and how long it takes; the chosen one
 * says what it adds to this order, as the quote does.
 */
export function DeliveryChoice({ methods, chosenId, quoted, onChoose }: Props) {
  const [only] = methods;
  if (only === undefined) return null;
  if (methods.length === 1) return <p className={styles.note}>{methodSentence(only)}</p>;
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>Delivery</legend>
      {methods.map((m) => {
        const note = freeOverNote(m);
        return (
          <label key={m.id} className={`${styles.method} ${m.id === chosenId ? styles.chosen : ''}`}>
            <input type="radio" name="delivery" value={m.id} checked={m.id === chosenId} onChange={() => onChoose(m.id)} />
            <span className={styles.methodText}>
              <span className={styles.methodName}>{m.name}</span>
              <span className={styles.note}>
                {arrivesIn(m.days).replace(/^a/, 'A')}
                {note && (
                  <>
                    <br />
                    {note}
                  </>
                )}
              </span>
            </span>
            {/* The quoted method's price is what this order pays for it: the quote's. */}
            <span className={styles.methodPrice}>
              {m.id === quoted.methodId ? (quoted.shipping === 0 ? 'Free' : formatPrice(quoted.shipping)) : methodPrice(m)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
