import type { DayBody } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { admin as styles, dashboard as chart } from '../../styles/classes.ts';
import { dayLabel } from '../../lib/days.ts';

const BAR = 10;
const GAP = 4;
const HEIGHT = 100;

/**
 * Revenue by day over the last 30 days as bars (inline SVG, no chart library). The
 * drawing is decoration for sighted readers: its caption says what it shows and the
 * same figures are a table under it, for screen readers and for anyone who wants numbers.
 */
export function SalesChart({ days }: { days: DayBody[] }) {
  const top = Math.max(0, ...days.map((d) => d.revenue));
  const best = days.find((d) => d.revenue === top);
  const first = days[0];
  const last = days[days.length - 1];
  const width = days.length * (BAR + GAP) - GAP;
  return (
    <figure className={chart.chart}>
      <figcaption>
        {top > 0 && best
          ? `Revenue by day. Best day: ${dayLabel(best.day)}, ${formatPrice(top)}.`
          : 'Revenue by day: no orders in the last 30 days.'}
      </figcaption>
      <div className={chart.plot} aria-hidden="true">
        <div className={chart.axis}>
          <span>{formatPrice(top)}</span>
          <span>$0</span>
        </div>
        {/* preserveAspectRatio none: the bars stretch to the width; no text inside to distort. */}
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
          {days.map((d, i) => {
            const h = top > 0 ? (d.revenue / top) * HEIGHT : 0;
            return (
              <rect key={d.day} x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} className={d === last ? chart.today : undefined}>
                <title>{`${dayLabel(d.day)}: ${formatPrice(d.revenue)}, ${d.orders} orders`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div className={chart.days} aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          <span>Today</span>
        </div>
      )}
      <details>
        <summary>Show the figures as a table</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className={styles.num}>Orders</th>
              <th scope="col" className={styles.num}>Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td className={styles.num}>{d.orders}</td>
                <td className={styles.num}>{formatPrice(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
