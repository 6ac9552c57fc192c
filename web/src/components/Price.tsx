import { formatPrice } from '../lib/money.ts';
import styles from './Price.module.css';

interface Props {
  amount: number;
  size?: 'medium' | 'large';
  /** Its variants ask more than `amount` (the API's `priceTo` is set): "from $12.99". */
  from?: boolean;
}

export function Price({ amount, size = 'medium', from = false }: Props) {
  return (
    <span className={`${styles.price} ${styles[size]}`}>
      {from && <span className={styles.from}>from </span>}
      {formatPrice(amount)}
    </span>
  );
}
