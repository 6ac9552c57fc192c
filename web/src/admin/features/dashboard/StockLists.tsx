import { Link } from 'react-router-dom';
import type { ProductCard, TopProductBody } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { to } from '../../../lib/paths.ts';
import { admin as styles, dashboard } from '../../styles/classes.ts';

/** The best sellers of the last 30 days, each linking to its editor. */
export function TopProducts({ products }: { products: TopProductBody[] }) {
  if (products.length === 0) return <p className={styles.soft}>No sales in the last 30 days.</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className={styles.num}>Units</th>
          <th scope="col" className={styles.num}>Revenue</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.productId}>
            <td>
              <Link to={to.adminProduct(p.productId)}>{p.name}</Link>
            </td>
            <td className={styles.num}>{p.units}</td>
            <td className={styles.num}>{formatPrice(p.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The products on sale with the fewest units left, fewest first, each linking to its editor. */
export function LowestStock({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return <p className={styles.soft}>No products on sale.</p>;
  return (
    <ul role="list" className={dashboard.stockList}>
      {products.map((p) => (
        <li key={p.id}>
          <Link to={to.adminProduct(p.id)}>{p.name}</Link>
          <span className={`${styles.status} ${p.stock === 0 ? styles.bad : ''}`}>
            {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
          </span>
        </li>
      ))}
    </ul>
  );
}
