import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { to } from '../../../lib/paths.ts';
import { admin, editor as styles } from '../../styles/classes.ts';
import type { useProductEditor } from './useProductEditor.ts';

/** Beside the form: the product's picture, whether it is on sale, archive or restore, its storefront page. */
export function EditorAside({ editor, canEdit }: { editor: ReturnType<typeof useProductEditor>; canEdit: boolean }) {
  const { product } = editor;
  if (product === null) return <p className={admin.soft}>Pictures can be added once the product is saved; the store shows a placeholder until then.</p>;
  const archived = Boolean(product.archivedAt);
  return (
    <>
      <img src={product.previewImage} alt={`${product.name}, as shoppers see it`} className={styles.picture} />
      <p>
        <span className={`${admin.status} ${archived ? '' : admin.good}`}>{archived ? 'Archived' : 'On sale'}</span>
        {archived && product.archivedAt && <span className={admin.soft}> since {formatDate(product.archivedAt)}</span>}
      </p>
      <p className={admin.soft}>
        {product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'}
        {product.numReviews > 0 && `, ${product.avgRating.toFixed(1)} stars on average`}
      </p>
      {archived ? (
        <p className={admin.soft}>Shoppers can't see an archived product; its orders keep it.</p>
      ) : (
        <Link to={to.product(product.departmentId, product.id)}>See it in the store</Link>
      )}
      {canEdit &&
        (archived ? (
          <Button variant="secondary" onClick={editor.restore} disabled={editor.busy}>
            Restore (put back on sale)
          </Button>
        ) : (
          <Button variant="secondary" onClick={editor.archive} disabled={editor.busy}>
            Archive (take off sale)
          </Button>
        ))}
    </>
  );
}
