import { Link } from 'react-router-dom';
import type { AdminProductBody } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { to } from '../../../lib/paths.ts';
import { admin as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';

/** Stock as a word when it matters: out, or low (the storefront's "Only N left" starts at 10). */
function StockCell({ stock }: { stock: number }) {
  if (stock === 0) return <span className={`${styles.status} ${styles.bad}`}>Out of stock</span>;
  if (stock <= 10) return <span className={styles.status}>{stock} left</span>;
  return <>{stock.toLocaleString('en-US')}</>;
}

export function ProductTable({ products }: { products: AdminProductBody[] }) {
  if (products.length === 0) return <p className={styles.empty}>No products match these filters.</p>;
  return (
    <TableFrame label="Products">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Picture</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col">Department</th>
            <th scope="col" className={styles.num}>Price</th>
            <th scope="col" className={styles.num}>Stock</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id}>
              <td>
                <img src={p.previewImage} alt="" width={40} height={40} loading="lazy" className={styles.thumb} />
              </td>
              <td>
                <Link to={to.adminProduct(p.id)}>{p.name}</Link>
                <div className={styles.soft}>{p.brand}</div>
              </td>
              <td className={styles.nowrap}>{p.sku}</td>
              <td className={styles.nowrap}>{p.departmentName}</td>
              <td className={styles.num}>{formatPrice(p.price)}</td>
              <td className={styles.num}>
                <StockCell stock={p.stock} />
              </td>
              <td>
                <span className={`${styles.status} ${p.archivedAt ? '' : styles.good}`}>{p.archivedAt ? 'Archived' : 'On sale'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
