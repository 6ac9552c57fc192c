import { Link } from 'react-router-dom';
import type { SummaryBody } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { dashboard as styles } from '../../styles/classes.ts';

const stockHref = (stock: 'out' | 'low') => `${paths.adminProducts}?stock=${stock}`;

/** The day's and the month's figures, and how many products are out or low, at a glance. */
export function SummaryTiles({ summary }: { summary: SummaryBody }) {
  const tiles: [string, string, string?][] = [
    ["Today's orders", String(summary.today.orders)],
    ["Today's revenue", formatPrice(summary.today.revenue)],
    ['Orders, last 30 days', String(summary.orders30Days)],
    ['Revenue, last 30 days', formatPrice(summary.revenue30Days)],
    ['Out of stock', String(summary.outOfStock), stockHref('out')],
    ['Low stock (10 or fewer)', String(summary.lowStock), stockHref('low')],
  ];
  return (
    <dl className={styles.tiles}>
      {tiles.map(([label, value, href]) => (
        // The figure reads first on screen, the label first to a screen reader (column-reverse).
        <div key={label} className={styles.tile}>
          <dt>{href ? <Link to={href}>{label}</Link> : label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
