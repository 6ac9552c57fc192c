import { Link } from 'react-router-dom';
import type { ReviewProduct } from '../../api/types.ts';
import { to } from '../../lib/paths.ts';
import styles from './reviews.module.css';

/** The product a review is about: picture and name, linking to its page. */
export function ReviewedProduct({ product }: { product: ReviewProduct }) {
  return (
    <Link to={to.product(product.departmentId, product.id)} className={styles.product}>
      <img src={product.previewImage} alt="" width={56} height={56} />
      <span>{product.name}</span>
    </Link>
  );
}
