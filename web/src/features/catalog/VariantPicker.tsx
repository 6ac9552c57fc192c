import type { Product, Variant } from '../../api/types.ts';
import { isSoldOut, pick, valuesOf } from '../../lib/variantChoice.ts';
import styles from './variants.module.css';

interface Props {
  product: Pick<Product, 'id' | 'options' | 'variants'>;
  /** The variant shown; none only when the product has options but no variant is sold. */
  chosen: Variant | undefined;
  onChoose: (variant: Variant) => void;
}

/**
 * A product's options (Size, Colour...), each a group of native radios drawn as chips:
 * one name per group, so the arrow keys move within it and screen readers announce
 * "Size: M, group" and each value's place. A value with nothing to buy beside the other
 * chosen values stays choosable (the shopper may want to see its price or picture), but
 * is struck through and named "sold out".
 */
export function VariantPicker({ product, chosen, onChoose }: Props) {
  const values = chosen ? valuesOf(product, chosen) : [];
  const choose = (index: number, value: string) => {
    const next = pick(product, values, index, value);
    if (next) onChoose(next);
  };
  return (
    <div className={styles.options}>
      {product.options.map((option, i) => (
        <fieldset key={option.name} className={styles.option}>
          <legend className={styles.legend}>
            {option.name}
            {values[i] !== undefined && (
              <>
                : <strong>{values[i]}</strong>
              </>
            )}
          </legend>
          <div className={styles.values}>
            {option.values.map((value) => {
              const soldOut = isSoldOut(product, values, i, value);
              return (
                <label key={value} className={styles.value}>
                  <input
                    type="radio"
                    // The product's id keeps two pickers' groups apart (a page only has one today).
                    name={`product-${product.id}-option-${i}`}
                    value={value}
                    checked={values[i] === value}
                    onChange={() => choose(i, value)}
                    className={styles.radio}
                  />
                  <span className={soldOut ? `${styles.chip} ${styles.soldOut}` : styles.chip}>
                    {value}
                    {soldOut && <span className="visually-hidden">, sold out</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
