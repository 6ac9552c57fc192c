import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as api from '../../api/admin.ts';
import type { AdminProductBody } from '../../../api/types.ts';
import {
  emptyProduct,
  isDirty,
  productChanges,
  productInput,
  productMessages,
  productValues,
  type ProductValues,
} from '../../lib/adminRules.ts';
import { to } from '../../../lib/paths.ts';
import { useForm } from '../../../lib/useForm.ts';
import { linesOf } from '../../lib/useAction.ts';
import { useUnsavedChanges } from './UnsavedChanges.tsx';

/** What the editor's variant grid (useProductVariants) tells the form. */
export interface VariantsState {
  /** The grid has unsaved changes: leaving asks first, as for the form's. */
  dirty: boolean;
  /** The product has options on the server, which then refuses a change of its own stock. */
  sellsVariants: boolean;
}

/**
 * The product editor's state: the form (checked as typed, with the server's rules), what
 * was last saved (to know what changed and what to warn about), and the writes: create,
 * change only the changed fields, archive, restore. A product with options sells its
 * variants' units: its stock is their sum, shown and never sent.
 */
export function useProductEditor(initial: AdminProductBody | null, variants: VariantsState = { dirty: false, sellsVariants: false }) {
  const navigate = useNavigate();
  const creating = initial === null;
  const [product, setProduct] = useState(initial);
  const [saved, setSaved] = useState<ProductValues>(initial ? productValues(initial) : emptyProduct);
  const form = useForm<ProductValues>(saved, (v) => productMessages(v, creating));
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const dirty = isDirty(saved, form.values);
  const unsaved = useUnsavedChanges(dirty || variants.dirty);

  /** `fields`: the write set the product's fields (a save), not only its state (archive, restore). */
  const write = (call: () => Promise<AdminProductBody>, done: string, fields = true) => {
    setBusy(true);
    setLines([]);
    setNotice('');
    call().then(
      (answer) => {
        setBusy(false);
        setProduct(answer);
        setNotice(done);
        if (!fields) return;
        // The server trims and rounds: the form shows what it kept, and nothing is left unsaved.
        const kept = productValues(answer);
        setSaved(kept);
        for (const [name, value] of Object.entries(kept)) form.setValue(name, value);
        if (creating) {
          unsaved.letGo();
          void navigate(to.adminProduct(answer.id), { replace: true, state: { created: true } });
        }
      },
      (error: unknown) => {
        setBusy(false);
        setLines(linesOf(error));
      },
    );
  };

  const save = () => {
    if (!form.trySubmit()) return;
    if (product === null) return write(() => api.createProduct(productInput(form.values)), 'Product created.');
    const changes = productChanges(saved, form.values);
    if (variants.sellsVariants) delete changes.stock;
    if (Object.keys(changes).length === 0) return setNotice('Nothing to save.');
    write(() => api.updateProduct(product.id, changes), 'Changes saved.');
  };
  /**
   * Reads the product again for what a write elsewhere changed (its preview picture, after
   * a change to its pictures); the form and what it last saved stay as they are.
   */
  const reread = () => {
    if (product === null) return;
    api.getAdminProduct(product.id).then(setProduct, () => undefined);
  };
  /**
   * After the variants' save: the product's stock is now their sum (or 0, without options),
   * shown in the form as saved, not as a change of its own.
   */
  const variantsSaved = () => {
    if (product === null) return;
    api.getAdminProduct(product.id).then((answer) => {
      setProduct(answer);
      const stock = String(answer.stock);
      setSaved((s) => ({ ...s, stock }));
      form.setValue('stock', stock);
    }, () => undefined);
  };
  const archive = () => product && write(() => api.archiveProduct(product.id), 'Archived: shoppers no longer see it.', false);
  const restore = () => product && write(() => api.restoreProduct(product.id), 'Restored: back on sale.', false);

  return { product, form, dirty, busy, lines, notice, save, archive, restore, reread, variantsSaved, sellsVariants: variants.sellsVariants, blocker: unsaved.blocker };
}
