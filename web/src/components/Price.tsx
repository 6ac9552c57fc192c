import { formatPrice } from '../lib/money.ts';
import styles from './Price.module.css';

export function Price({ amount, size = 'medium' }: { amount: number; size?: 'medium' | 'large' }) {
  return <span className={`${styles.price} ${styles[size]}`}>{formatPrice(amount)}</span>;
}
