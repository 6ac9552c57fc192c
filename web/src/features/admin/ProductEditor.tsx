import type { AdminProductBody } from '../../api/types.ts';
import { EditorAside } from './EditorAside.tsx';
import { editor as styles } from './classes.ts';
import { ProductForm } from './ProductForm.tsx';
import { ProductPictures } from './ProductPictures.tsx';
import { LeaveDialog } from './UnsavedChanges.tsx';
import { useProductEditor } from './useProductEditor.ts';

/**
 * A new product (`product` null) or a saved one: the form, the preview picture and on-sale
 * state beside it, and a saved product's pictures under it.
 */
export function ProductEditor({ product, canEdit }: { product: AdminProductBody | null; canEdit: boolean }) {
  const editor = useProductEditor(product);
  return (
    <div className={styles.layout}>
      <ProductForm editor={editor} readOnly={!canEdit} />
      <aside className={styles.aside} aria-label="Picture and availability">
        <EditorAside editor={editor} canEdit={canEdit} />
      </aside>
      {/* Not on /new (the aside says they come once it is saved): a saved product opens an editor of its own. */}
      {product && <ProductPictures productId={product.id} canEdit={canEdit} onChanged={editor.reread} />}
      <LeaveDialog blocker={editor.blocker} />
    </div>
  );
}
