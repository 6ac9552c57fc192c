import { useState } from 'react';
import type { AdminProductBody } from '../../../api/types.ts';
import { EditorAside } from './EditorAside.tsx';
import { editor as styles } from '../../styles/classes.ts';
import { ProductForm } from './ProductForm.tsx';
import { ProductPictures } from './ProductPictures.tsx';
import { ProductVariants } from './ProductVariants.tsx';
import { LeaveDialog } from './UnsavedChanges.tsx';
import { useProductEditor } from './useProductEditor.ts';
import { useProductVariants } from './useProductVariants.ts';

/**
 * A new product (`product` null) or a saved one: the form, the preview picture and on-sale
 * state beside it, and a saved product's pictures and its options and variants under it.
 * The variants' state lives here, beside the form's: leaving with either unsaved asks
 * first, and the form shows the product's stock read-only once it sells its variants'.
 */
export function ProductEditor({ product, canEdit }: { product: AdminProductBody | null; canEdit: boolean }) {
  const variants = useProductVariants(product?.id ?? null);
  const editor = useProductEditor(product, variants);
  // Bumped when the pictures change: the variants' picture column lists them afresh.
  const [picturesRound, setPicturesRound] = useState(0);
  const picturesChanged = () => {
    editor.reread();
    setPicturesRound((n) => n + 1);
  };
  return (
    <div className={styles.layout}>
      <ProductForm editor={editor} readOnly={!canEdit} />
      <aside className={styles.aside} aria-label="Picture and availability">
        <EditorAside editor={editor} canEdit={canEdit} />
      </aside>
      {/* Not on /new (the aside says they come once it is saved): a saved product opens an editor of its own. */}
      {product && <ProductPictures productId={product.id} canEdit={canEdit} onChanged={picturesChanged} />}
      {editor.product && (
        <ProductVariants
          variants={variants}
          productId={editor.product.id}
          productSku={editor.product.sku}
          productPrice={editor.product.price}
          picturesRound={picturesRound}
          canEdit={canEdit}
          onSaved={editor.variantsSaved}
        />
      )}
      <LeaveDialog blocker={editor.blocker} />
    </div>
  );
}
