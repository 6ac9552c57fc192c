import styles from './StockNote.module.css';

/** From this many units down, the store says how many are left (domain::stock::LOW). */
export const LOW_STOCK = 10;

interface Props {
  /** Units left; a product known to have plenty (or not told) shows nothing. */
  stock?: number;
  size?: 'medium' | 'large';
}

/** "Only 3 left" or "Out of stock", as a product's card and page say it. */
export function StockNote({ stock, size = 'medium' }: Props) {
  if (stock === undefined || stock > LOW_STOCK) return null;
  const classes = [styles.note, stock === 0 ? styles.out : styles.low, size === 'large' ? styles.large : '']
    .filter(Boolean)
    .join(' ');
  return <p className={classes}>{stock === 0 ? 'Out of stock' : `Only ${stock} left`}</p>;
}
