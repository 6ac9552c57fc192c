import { useCallback, useMemo, useState } from 'react';
import { getProductVariants, saveProductVariants } from '../../api/admin.ts';
import type { AdminVariantsBody, VariantsInput } from '../../../api/types.ts';
import { linesOf } from '../../lib/useAction.ts';
import { useFetched } from '../../lib/useFetched.ts';
import {
  emptyGrid,
  gridFromBody,
  gridProblems,
  isGridDirty,
  removeRow,
  setCell,
  variantsInput,
  type CellField,
  type Grid,
} from './variantGrid.ts';

/**
 * A saved product's options and variant grid (`productId` null on /new: nothing is
 * fetched): what the server holds, the grid as edited, and its whole-set save. The grid is
 * one immutable value; a cell's change makes a new object of its row only (variantGrid.ts),
 * so that the table's memoized rows other than that one skip rendering. `update` and
 * `changeCell` and `dropRow` keep their identity for the life of the editor.
 */
export function useProductVariants(productId: number | null) {
  const { data, gate } = useFetched(
    () => (productId === null ? Promise.resolve(null) : getProductVariants(productId)),
    [productId],
  );
  const [saved, setSaved] = useState<Grid>(emptyGrid);
  const [grid, setGrid] = useState<Grid>(emptyGrid);
  // The answer the grid was last set from: a new answer (the first) starts it afresh.
  const [seen, setSeen] = useState<AdminVariantsBody | null | undefined>(undefined);
  if (data !== seen) {
    setSeen(data);
    if (data) {
      const fresh = gridFromBody(data);
      setSaved(fresh);
      setGrid(fresh);
    }
  }
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const dirty = useMemo(() => isGridDirty(saved, grid), [saved, grid]);

  const update = useCallback((change: (g: Grid) => Grid) => setGrid(change), []);
  const changeCell = useCallback(
    (key: string, field: CellField, value: string | number | null) => setGrid((g) => setCell(g, key, field, value)),
    [],
  );
  const dropRow = useCallback((key: string) => setGrid((g) => removeRow(g, key)), []);

  const write = (input: VariantsInput, done: string, then: () => void) => {
    if (productId === null) return;
    setBusy(true);
    setLines([]);
    setNotice('');
    saveProductVariants(productId, input).then(
      (answer) => {
        // The server's answer is the grid now: new rows get their ids, values their case.
        const fresh = gridFromBody(answer);
        setSaved(fresh);
        setGrid(fresh);
        setBusy(false);
        setNotice(done);
        then();
      },
      (error: unknown) => {
        setBusy(false);
        setLines(linesOf(error));
      },
    );
  };

  /** `pictureIds`: the product's pictures, when known; `then`: told once saved. */
  const save = (pictureIds: ReadonlySet<number> | undefined, then: () => void) => {
    const problems = gridProblems(grid);
    setNotice('');
    if (problems.length > 0) return setLines(problems);
    if (!dirty) {
      setLines([]);
      return setNotice('Nothing to save.');
    }
    write(variantsInput(grid, pictureIds), 'Options and variants saved.', then);
  };

  /** No options and no variants: the product is sold as one thing again, with no stock until it is set. */
  const removeAll = (then: () => void) =>
    write({ options: [], variants: [] }, "Options removed: the product is sold as one thing again. Set its stock in the product's details.", then);

  /** Back to what the server holds. */
  const discard = () => {
    setGrid(saved);
    setLines([]);
    setNotice('');
  };

  return {
    gate,
    saved,
    grid,
    /** The product sells its variants' units (what the server holds, not the unsaved grid). */
    sellsVariants: saved.options.length > 0,
    dirty,
    busy,
    lines,
    notice,
    update,
    changeCell,
    dropRow,
    save,
    removeAll,
    discard,
  };
}

export type ProductVariantsState = ReturnType<typeof useProductVariants>;
