import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { listProductImages, type ProductImage } from '../../api/adminFiles.ts';
import { Button } from '../../../components/Button.tsx';
import { ErrorLines } from '../../../components/FormField.tsx';
import { LoadGate } from '../../../components/LoadGate.tsx';
import { formatPrice } from '../../../lib/money.ts';
import { admin, editor as styles } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { useFetched } from '../../lib/useFetched.ts';
import type { ProductVariantsState } from './useProductVariants.ts';
import {
  addOption,
  addValue,
  FILTER_FROM,
  filterRows,
  MAX_OPTIONS,
  MAX_VALUES,
  removeOption,
  removeValue,
  renameOption,
  renameValue,
  textProblem,
  type CellField,
  type Grid,
  type GridOption,
  type GridRow,
} from './variantGrid.ts';

type Update = ProductVariantsState['update'];

/** A value of an option: renamed (rows too) on Enter or on leaving it, if the new text may be taken; Escape puts it back. */
function ValueField({ option, value, optionIndex, valueIndex, readOnly, update }: {
  option: GridOption;
  value: string;
  optionIndex: number;
  valueIndex: number;
  readOnly: boolean;
  update: Update;
}) {
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState<string>();
  const messageId = useId();
  // Renamed elsewhere (a save's answer): shows the new text.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
    setProblem(undefined);
  }
  const commit = () => {
    if (text.trim() === value) return setText(value);
    const others = option.values.filter((_, i) => i !== valueIndex);
    const refused = textProblem(text, others, 'value');
    setProblem(refused);
    if (!refused) update((g) => renameValue(g, optionIndex, valueIndex, text));
  };
  const remove = (e: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(`Remove "${value}" from ${option.name || 'this option'}, and its variants?`)) return;
    // The button goes with the value: the focus goes to the option's Add a value, which stays.
    const stays = e.currentTarget.closest('fieldset')?.querySelector<HTMLInputElement>('form input');
    update((g) => removeValue(g, optionIndex, valueIndex));
    stays?.focus();
  };
  return (
    <li className={styles.value}>
      <input
        value={text}
        aria-label={`${option.name || `Option ${optionIndex + 1}`}: value ${valueIndex + 1}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        maxLength={40}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            setText(value);
            setProblem(undefined);
          }
        }}
      />
      {!readOnly && (
        <Button variant="quiet" size="small" aria-label={`Remove ${value}`} onClick={remove}>
          Remove
        </Button>
      )}
      {problem && (
        <span id={messageId} className={styles.valueProblem}>
          {problem}
        </span>
      )}
    </li>
  );
}

/** A text field and Add (or Enter) that adds one value at the end of an option, and its variants. */
function AddValue({ option, optionIndex, productSku, update }: { option: GridOption; optionIndex: number; productSku: string; update: Update }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const full = option.values.length >= MAX_VALUES;
  const add = (e: FormEvent) => {
    e.preventDefault();
    const refused = textProblem(text, option.values, 'value');
    setProblem(refused);
    if (refused) return;
    update((g) => addValue(g, optionIndex, text, productSku));
    setText('');
  };
  const name = option.name.trim() || `option ${optionIndex + 1}`;
  return (
    <form className={styles.addValue} onSubmit={add} aria-label={`Add a value to ${name}`}>
      <label htmlFor={id}>Add a value</label>
      <input
        id={id}
        value={text}
        maxLength={40}
        disabled={full}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary" size="small" disabled={full}>
        Add
      </Button>
      <span id={`${id}-message`} className={problem ? styles.valueProblem : admin.soft}>
        {problem ?? (full ? `An option has at most ${MAX_VALUES} values.` : 'Enter adds it, with a variant for each combination.')}
      </span>
    </form>
  );
}

/** One option: its name, its values in order, and (for staff) a value to add. */
function OptionEditor({ grid, option, index, productSku, readOnly, update }: {
  grid: Grid;
  option: GridOption;
  index: number;
  productSku: string;
  readOnly: boolean;
  update: Update;
}) {
  const nameId = useId();
  const others = grid.options.filter((_, i) => i !== index).map((o) => o.name);
  const nameProblem = textProblem(option.name, others, 'name');
  const remove = (e: MouseEvent<HTMLButtonElement>) => {
    const label = option.name.trim() || `option ${index + 1}`;
    if (option.values.length > 0 && !window.confirm(`Remove the option "${label}"? Variants that then repeat a combination are removed.`)) return;
    // The option goes with its button: the focus goes to Add an option, which is there once fewer than 3.
    const section = e.currentTarget.closest('section');
    update((g) => removeOption(g, index));
    setTimeout(() => section?.querySelector<HTMLInputElement>('form[aria-label="Add an option"] input')?.focus());
  };
  return (
    <li className={styles.option}>
      <fieldset disabled={readOnly}>
        <legend>Option {index + 1}</legend>
        <div className={styles.optionName}>
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            value={option.name}
            maxLength={40}
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={nameProblem ? `${nameId}-message` : undefined}
            onChange={(e) => {
              const name = e.target.value;
              update((g) => renameOption(g, index, name));
            }}
          />
          {!readOnly && (
            <Button variant="quiet" size="small" onClick={remove}>
              Remove option
            </Button>
          )}
          {nameProblem && (
            <span id={`${nameId}-message`} className={styles.valueProblem}>
              {nameProblem}
            </span>
          )}
        </div>
        {option.values.length === 0 ? (
          <p className={admin.soft}>No values yet.</p>
        ) : (
          <ol className={styles.values} aria-label={`Values of ${option.name || `option ${index + 1}`}`}>
            {option.values.map((value, i) => (
              <ValueField key={i} option={option} value={value} optionIndex={index} valueIndex={i} readOnly={readOnly} update={update} />
            ))}
          </ol>
        )}
        {!readOnly && <AddValue option={option} optionIndex={index} productSku={productSku} update={update} />}
      </fieldset>
    </li>
  );
}

/** A name and Add option, while the product has fewer than 3. */
function AddOption({ grid, update }: { grid: Grid; update: Update }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  if (grid.options.length >= MAX_OPTIONS) return <p className={admin.soft}>A product has at most {MAX_OPTIONS} options.</p>;
  const add = (e: FormEvent) => {
    e.preventDefault();
    const refused = textProblem(text, grid.options.map((o) => o.name), 'name');
    setProblem(refused);
    if (refused) return;
    update((g) => addOption(g, text));
    setText('');
  };
  return (
    <form className={styles.addValue} onSubmit={add} aria-label="Add an option">
      <label htmlFor={id}>Add an option (Size, Colour...)</label>
      <input id={id} value={text} maxLength={40} aria-invalid={problem ? true : undefined} aria-describedby={`${id}-message`} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" variant="secondary" size="small">
        Add option
      </Button>
      <span id={`${id}-message`} className={problem ? styles.valueProblem : admin.soft}>
        {problem ?? 'Then add its values: each brings its variants to the grid.'}
      </span>
    </form>
  );
}

interface RowProps {
  row: GridRow;
  /** Its place in the whole grid, as the server's "Variant 3" counts. */
  place: number;
  pictures: readonly ProductImage[];
  pictureIds: ReadonlySet<number>;
  /** The product's price, shown in an empty price cell. */
  priceHint: string;
  readOnly: boolean;
  onCell: (key: string, field: CellField, value: string | number | null) => void;
  onRemove: (key: string) => void;
}

/**
 * One variant. Memoized: typing in a cell changes that row's object only, and the
 * callbacks are stable, so the other rows of a grid of 1,000 do not render again.
 */
const VariantRow = memo(function VariantRow({ row, place, pictures, pictureIds, priceHint, readOnly, onCell, onRemove }: RowProps) {
  const name = row.values.filter((v) => v !== '').join(', ') || `variant ${place}`;
  const picture = row.imageId !== null && pictureIds.has(row.imageId) ? String(row.imageId) : '';
  return (
    <tr data-key={row.key}>
      <td className={`${admin.num} ${admin.soft}`}>{place}</td>
      {row.values.map((value, i) => (
        <td key={i}>{value}</td>
      ))}
      <td>
        <input
          data-col="sku"
          className={styles.cellSku}
          value={row.sku}
          aria-label={`SKU of ${name}`}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onChange={(e) => onCell(row.key, 'sku', e.target.value)}
        />
      </td>
      <td>
        <input
          data-col="price"
          className={styles.cellNum}
          value={row.price}
          inputMode="decimal"
          placeholder={priceHint}
          aria-label={`Price of ${name} (dollars; empty: the product's, ${priceHint})`}
          onChange={(e) => onCell(row.key, 'price', e.target.value)}
        />
      </td>
      <td>
        <input
          data-col="stock"
          className={styles.cellNum}
          value={row.stock}
          inputMode="numeric"
          aria-label={`Stock of ${name} (units)`}
          onChange={(e) => onCell(row.key, 'stock', e.target.value)}
        />
      </td>
      <td>
        <select
          data-col="picture"
          className={admin.select}
          value={picture}
          aria-label={`Picture of ${name}`}
          onChange={(e) => onCell(row.key, 'imageId', e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">Product&apos;s</option>
          {pictures.map((p, i) => (
            <option key={p.id} value={p.id}>
              Picture {i + 1}
            </option>
          ))}
        </select>
      </td>
      {!readOnly && (
        <td>
          <Button variant="quiet" size="small" data-col="remove" aria-label={`Remove ${name}`} onClick={() => onRemove(row.key)}>
            Remove
          </Button>
        </td>
      )}
    </tr>
  );
});

/**
 * ArrowUp and ArrowDown in a text cell go to the same column in the row above or below
 * (of those shown). The picture's select keeps its arrows (they change its choice), and
 * with a modifier held an arrow does what the browser does.
 */
function moveByArrow(e: KeyboardEvent<HTMLTableElement>) {
  if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target;
  if (!(target instanceof HTMLInputElement) || !target.dataset.col) return;
  const row = target.closest('tr');
  const next = e.key === 'ArrowUp' ? row?.previousElementSibling : row?.nextElementSibling;
  const cell = next?.querySelector<HTMLInputElement>(`input[data-col="${target.dataset.col}"]`);
  if (!cell) return;
  e.preventDefault();
  cell.focus();
  cell.select();
}

/** The grid: one row a variant, in the order shoppers see them; a filter box from 200 rows. */
function VariantTable({ variants, pictures, productPrice, readOnly }: {
  variants: ProductVariantsState;
  pictures: readonly ProductImage[];
  productPrice: number;
  readOnly: boolean;
}) {
  const { grid, changeCell, dropRow } = variants;
  const filterId = useId();
  const [filter, setFilter] = useState('');
  // Typing in the filter stays quick: the 1,000 rows follow when React has time.
  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => filterRows(grid.rows, deferred), [grid.rows, deferred]);
  const places = useMemo(() => new Map(grid.rows.map((r, i) => [r.key, i + 1])), [grid.rows]);
  const pictureIds = useMemo(() => new Set(pictures.map((p) => p.id)), [pictures]);
  const table = useRef<HTMLTableElement>(null);
  // A removed row takes the focus's button with it: it goes to the same button of the row that took its place.
  const refocus = useRef<string | null>(null);
  const onRemove = useCallback(
    (key: string) => {
      const row = table.current?.querySelector<HTMLElement>(`tr[data-key="${key}"]`);
      const other = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null | undefined;
      refocus.current = other?.dataset.key ?? null;
      dropRow(key);
    },
    [dropRow],
  );
  useEffect(() => {
    const key = refocus.current;
    if (key === null) return;
    refocus.current = null;
    table.current?.querySelector<HTMLElement>(`tr[data-key="${key}"] [data-col="remove"]`)?.focus();
  }, [grid.rows]);

  if (grid.rows.length === 0) return <p className={admin.empty}>No variants yet: add an option and its values.</p>;
  const priceHint = formatPrice(productPrice);
  const count = grid.rows.length.toLocaleString('en-US');
  return (
    <>
      {grid.rows.length > FILTER_FROM && (
        <div className={`${admin.control} ${styles.gridFilter}`}>
          <label htmlFor={filterId}>Show the variants with</label>
          <input id={filterId} type="search" value={filter} placeholder="A value or SKU" onChange={(e) => setFilter(e.target.value)} />
        </div>
      )}
      <p className={admin.count} aria-live="polite">
        {shown.length === grid.rows.length ? `${count} ${grid.rows.length === 1 ? 'variant' : 'variants'}` : `${shown.length.toLocaleString('en-US')} of ${count} variants`}
      </p>
      <TableFrame label="Variants">
        <table ref={table} className={`${admin.table} ${styles.grid}`} onKeyDown={moveByArrow}>
          <caption className={admin.soft}>
            Variants, one a row, in the order shoppers see them. ArrowUp and ArrowDown move to the same column in the row above or below; an empty
            price is the product&apos;s, {priceHint}.
          </caption>
          <thead>
            <tr>
              <th scope="col" className={admin.num}>
                #
              </th>
              {grid.options.map((o, i) => (
                <th key={i} scope="col">
                  {o.name || `Option ${i + 1}`}
                </th>
              ))}
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">Picture</th>
              {!readOnly && (
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <VariantRow
                key={row.key}
                row={row}
                place={places.get(row.key) ?? 0}
                pictures={pictures}
                pictureIds={pictureIds}
                priceHint={priceHint}
                readOnly={readOnly}
                onCell={changeCell}
                onRemove={onRemove}
              />
            ))}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}

const noPictures: readonly ProductImage[] = [];

/**
 * A saved product's options and variants: the options (up to 3, each with its values in
 * order) and the grid of variants they make, saved together, whole, by their own button
 * (not the form's Save changes). A viewer sees them only.
 */
export function ProductVariants({ variants, productId, productSku, productPrice, picturesRound, canEdit, onSaved }: {
  variants: ProductVariantsState;
  productId: number;
  /** The saved product's SKU, that proposed variant SKUs start with. */
  productSku: string;
  productPrice: number;
  /** Changes when the product's pictures change, which the picture column lists. */
  picturesRound: number;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const headingId = useId();
  const readOnly = !canEdit;
  const { grid, update } = variants;
  const pictureList = useFetched(() => listProductImages(productId), [productId, picturesRound]);
  const pictures = pictureList.data?.images ?? noPictures;
  const pictureIds = pictureList.data ? new Set(pictures.map((p) => p.id)) : undefined;
  const removeAll = () => {
    if (!window.confirm('Remove every option and variant? The product is then sold as one thing, with no stock until you set it.')) return;
    variants.removeAll(onSaved);
  };
  return (
    <section className={`${admin.panel} ${styles.variants}`} aria-labelledby={headingId}>
      <h2 id={headingId}>Options and variants</h2>
      <p className={admin.soft}>
        Shoppers choose a value of each option (a size, a colour); each row below is one variant they can buy, with its own SKU and stock, and
        its own price and picture if it needs them.
        {canEdit && ' Changes here are saved by Save options and variants, not by Save changes.'}
      </p>
      <ErrorLines lines={variants.lines} />
      <LoadGate state={variants.gate} notFound={null}>
        {grid.options.length > 0 && (
          <ol className={styles.options} aria-label="Options">
            {grid.options.map((o, i) => (
              <OptionEditor key={i} grid={grid} option={o} index={i} productSku={productSku} readOnly={readOnly} update={update} />
            ))}
          </ol>
        )}
        {canEdit && <AddOption grid={grid} update={update} />}
        <fieldset className={styles.gridSet} disabled={readOnly || variants.busy}>
          <legend className="visually-hidden">Variants</legend>
          <VariantTable variants={variants} pictures={pictures} productPrice={productPrice} readOnly={readOnly} />
        </fieldset>
        {canEdit && (
          <div className={styles.saveRow}>
            <Button onClick={() => variants.save(pictureIds, onSaved)} disabled={variants.busy}>
              {variants.busy ? 'Saving…' : 'Save options and variants'}
            </Button>
            {variants.dirty && (
              <Button variant="secondary" onClick={variants.discard} disabled={variants.busy}>
                Undo changes
              </Button>
            )}
            {variants.saved.options.length > 0 && (
              <Button variant="quiet" onClick={removeAll} disabled={variants.busy}>
                Remove all options
              </Button>
            )}
            <span role="status" className={styles.saved}>
              {variants.notice}
            </span>
          </div>
        )}
      </LoadGate>
    </section>
  );
}
