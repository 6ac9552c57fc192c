import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import { CardArt, type CardVariant } from '../CardArt.tsx';
import { CheckIcon } from '../Icons.tsx';
import m from '../marketing.module.css';
import styles from './redcard.module.css';

const cards: { variant: CardVariant; name: string }[] = [
  { variant: 'credit', name: 'Credit Card' },
  { variant: 'debit', name: 'Debit Card' },
  { variant: 'reloadable', name: 'Reloadable Account' },
];

/** true: included; false: not offered; text: included, as described. */
type Cell = boolean | string;
const rows: { feature: string; cells: [Cell, Cell, Cell] }[] = [
  { feature: '5% off at Market, in store and online', cells: [true, true, true] },
  { feature: 'Extra 30 days for returns', cells: [true, true, true] },
  { feature: 'Earnings on purchases', cells: ['2% on dining and gas, 1% everywhere else', false, false] },
  { feature: 'Cash withdrawal at checkout', cells: [false, 'Up to $40', false] },
  {
    feature: 'How you pay',
    cells: [
      'A monthly statement for your credit line',
      'From your checking account; purchases process in 1-3 days',
      'Load money ahead of time, then spend what you load',
    ],
  },
];

function CellContent({ cell }: { cell: Cell }) {
  if (typeof cell === 'string') return <>{cell}</>;
  return cell ? (
    <span className={styles.yes}>
      <CheckIcon size={22} />
      <span className="visually-hidden">Included</span>
    </span>
  ) : (
    <span className={styles.no}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not included</span>
    </span>
  );
}

export function CardComparison() {
  return (
    <section className={m.section} aria-labelledby="compare-title">
      <div className={m.sectionHead}>
        <h2 id="compare-title">Find the RedCard that fits you</h2>
        <p>All three take 5% off at Market. Here is how they differ.</p>
      </div>
      <p className={styles.scrollHint} aria-hidden="true">
        Swipe the table sideways to see all three cards.
      </p>
      {/* Focusable, so keyboard users can scroll the table sideways on a phone. */}
      {/* Named apart from the section around it: two landmarks must not share a name. */}
      <div className={styles.tableScroll} role="region" aria-label="RedCard comparison table" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">RedCard credit card, debit card and reloadable account compared</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Benefit</span>
              </th>
              {cards.map((c) => (
                <th scope="col" key={c.variant}>
                  <CardArt variant={c.variant} className={styles.columnCard} />
                  RedCard {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.feature}>
                <th scope="row">{r.feature}</th>
                {r.cells.map((cell, i) => (
                  <td key={cards[i]?.variant}>
                    <CellContent cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <span className="visually-hidden">Apply</span>
              </th>
              {cards.map((c) => (
                <td key={c.variant}>
                  <ButtonLink to={paths.home} size="small">
                    Apply now<span className="visually-hidden"> for the RedCard {c.name}</span>
                  </ButtonLink>
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
