// The product editor's options and variant grid, as plain data: what a change to the
// options does to the rows, the SKU a new row is offered, and the conversions from the
// server's answer (GET /api/admin/products/{id}/variants) and to its whole-set save (PUT).
// No React here, so that it can be tested with node --test. The server has the last word
// on every rule (src/domain/admin/variant_inputs.rs); the checks here only keep what cannot be
// sent as JSON (a price that is not a number) or is plainly broken from a round trip.
import type { AdminVariantsBody, VariantsInput } from '../../../api/types.ts';
import { parseDollars, priceMessage, skuMessage, stockMessage } from '../../lib/adminRules.ts';

/** The server's limits (src/domain/admin/variant_inputs.rs). */
export const MAX_OPTIONS = 3;
export const MAX_VALUES = 100;
export const MAX_VARIANTS = 2000;
export const MAX_OPTION_TEXT = 40;
const MAX_SKU = 40;

export interface GridOption {
  name: string;
  /** In the order shoppers see them. */
  values: string[];
}

/** One variant as the grid edits it: its fields as typed. */
export interface GridRow {
  /** React's key: `v<id>` for a saved variant, `n<count>` for a new one. */
  key: string;
  /** The saved variant it keeps, or null for a new one. */
  id: number | null;
  /** A value of each option, in the options' order; '' for an option that has no values yet. */
  values: string[];
  sku: string;
  /** Dollars as typed; '' asks the product's price. */
  price: string;
  stock: string;
  /** One of the product's pictures, or null: the product's. */
  imageId: number | null;
}

export interface Grid {
  options: GridOption[];
  rows: GridRow[];
}

/** The fields of a row a cell edits. */
export type CellField = 'sku' | 'price' | 'stock' | 'imageId';

export const emptyGrid: Grid = { options: [], rows: [] };

let made = 0;
/** A key for a new row, unique in this page's life. */
const newKey = () => `n${++made}`;

/** The grid of what the server holds. */
export function gridFromBody(body: AdminVariantsBody): Grid {
  const options = body.options.map((o) => ({ name: o.name, values: [...o.values] }));
  const rows = body.variants.map((v) => ({
    key: `v${v.id}`,
    id: v.id,
    values: options.map((o) => v.options[o.name] ?? ''),
    sku: v.sku,
    price: v.price === null || v.price === undefined ? '' : v.price.toFixed(2),
    stock: String(v.stock),
    imageId: v.imageId ?? null,
  }));
  return { options, rows };
}

/**
 * The save's body: every option, and every row in the grid's order (the server's
 * "Variant 3" is the third row). A picture the product no longer has (`pictureIds`, when
 * known) is sent as none, which is what the grid shows for it.
 */
export function variantsInput(grid: Grid, pictureIds?: ReadonlySet<number>): VariantsInput {
  return {
    options: grid.options.map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()) })),
    variants: grid.rows.map((row) => {
      const options: Record<string, string> = {};
      grid.options.forEach((o, i) => (options[o.name.trim()] = row.values[i] ?? ''));
      const price = row.price.trim() === '' ? null : parseDollars(row.price);
      const imageId = row.imageId !== null && (pictureIds === undefined || pictureIds.has(row.imageId)) ? row.imageId : null;
      return {
        ...(row.id === null ? {} : { id: row.id }),
        sku: row.sku.trim(),
        options,
        price,
        stock: Number(row.stock.trim()),
        imageId,
      };
    }),
  };
}

/** What would stop the save before it is sent, in the server's style ("Variant 3: ..."). */
export function gridProblems(grid: Grid): string[] {
  const lines: string[] = [];
  grid.options.forEach((o, i) => {
    const name = o.name.trim();
    if (name === '') lines.push(`Option ${i + 1} needs a name.`);
    else if (o.values.length === 0) lines.push(`The option "${name}" has no values.`);
  });
  if (grid.options.length > 0 && grid.rows.length === 0) lines.push('A product with options needs at least one variant.');
  if (grid.rows.length > MAX_VARIANTS) lines.push(`A product has at most ${MAX_VARIANTS.toLocaleString('en-US')} variants.`);
  grid.rows.forEach((row, i) => {
    const at = `Variant ${i + 1}`;
    const sku = skuMessage(row.sku, false);
    if (sku) lines.push(`${at}: ${sku}`);
    const price = row.price.trim() === '' ? undefined : priceMessage(row.price);
    if (price) lines.push(`${at}: ${price}`);
    const stock = stockMessage(row.stock);
    if (stock) lines.push(`${at}: ${stock}`);
  });
  // As the server: twenty lines are enough to start fixing a sheet of 2,000 rows.
  return lines.length > 20 ? [...lines.slice(0, 20), '…and possibly more: fix these first.'] : lines;
}

/** Whether the grid differs from what was saved (keys aside). */
export function isGridDirty(saved: Grid, grid: Grid): boolean {
  if (saved === grid) return false;
  if (saved.options.length !== grid.options.length || saved.rows.length !== grid.rows.length) return true;
  const sameOption = (a: GridOption, b: GridOption) =>
    a.name === b.name && a.values.length === b.values.length && a.values.every((v, i) => v === b.values[i]);
  if (!saved.options.every((o, i) => { const b = grid.options[i]; return b !== undefined && sameOption(o, b); })) return true;
  return !saved.rows.every((a, i) => {
    const b = grid.rows[i];
    if (a === b) return true;
    return (
      b !== undefined &&
      a.id === b.id &&
      a.sku === b.sku &&
      a.price === b.price &&
      a.stock === b.stock &&
      a.imageId === b.imageId &&
      a.values.every((v, j) => v === b.values[j])
    );
  });
}

/** `<product SKU>-<values>`, upper case, with what a SKU cannot hold as '-', at most 40 characters. */
export function proposedSku(productSku: string, values: readonly string[]): string {
  return [productSku, ...values.filter((v) => v !== '')]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._-]/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SKU)
    .replace(/-+$/, '');
}

/** `sku`, or `sku-2`, `sku-3`... if another row has it (as the server, regardless of case); taken then holds it. */
function unique(sku: string, taken: Set<string>): string {
  let found = sku;
  for (let n = 2; taken.has(found.toLowerCase()); n++) {
    const tail = `-${n}`;
    found = `${sku.slice(0, MAX_SKU - tail.length)}${tail}`;
  }
  taken.add(found.toLowerCase());
  return found;
}

/** Every combination of the given value lists, the first list's changing slowest. */
function combinations(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((start) => list.map((v) => [...start, v])), [[]]);
}

/** Rows in the options' order: by the first option's values, then the second's... (stable). */
function ordered(rows: GridRow[], options: readonly GridOption[]): GridRow[] {
  const place = (row: GridRow) => options.map((o, i) => o.values.indexOf(row.values[i] ?? ''));
  const places = new Map(rows.map((r) => [r, place(r)]));
  return [...rows].sort((a, b) => {
    const [pa, pb] = [places.get(a) ?? [], places.get(b) ?? []];
    for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
    return 0;
  });
}

const newRow = (values: string[], productSku: string, taken: Set<string>): GridRow => ({
  key: newKey(),
  id: null,
  values,
  sku: unique(proposedSku(productSku, values), taken),
  price: '',
  stock: '0',
  imageId: null,
});

const skusOf = (rows: readonly GridRow[]) => new Set(rows.map((r) => r.sku.trim().toLowerCase()));

/** Why a name or value cannot be taken: empty, too long, or there already (regardless of case). */
export function textProblem(text: string, others: readonly string[], what: 'name' | 'value'): string | undefined {
  const t = text.trim();
  if (t === '') return `A ${what} cannot be empty.`;
  if ([...t].length > MAX_OPTION_TEXT) return `A ${what} is at most ${MAX_OPTION_TEXT} characters.`;
  if (others.some((o) => o.trim().toLowerCase() === t.toLowerCase())) return `There is already a ${what} "${t}".`;
  return undefined;
}

/** A new option, with no values yet: the rows are unchanged until it has one. */
export function addOption(grid: Grid, name: string): Grid {
  if (grid.options.length >= MAX_OPTIONS) return grid;
  return {
    options: [...grid.options, { name: name.trim(), values: [] }],
    rows: grid.rows.map((r) => ({ ...r, values: [...r.values, ''] })),
  };
}

export function renameOption(grid: Grid, index: number, name: string): Grid {
  return { ...grid, options: grid.options.map((o, i) => (i === index ? { ...o, name } : o)) };
}

/**
 * Without the option: each row loses its value of it, and rows that are then the same
 * combination keep only the first. Without any option left there are no variants.
 */
export function removeOption(grid: Grid, index: number): Grid {
  const options = grid.options.filter((_, i) => i !== index);
  if (options.length === 0) return { options, rows: [] };
  const seen = new Set<string>();
  const rows: GridRow[] = [];
  for (const row of grid.rows) {
    const values = row.values.filter((_, i) => i !== index);
    const combination = values.join('\u001f').toLowerCase();
    if (seen.has(combination)) continue;
    seen.add(combination);
    rows.push({ ...row, values });
  }
  return { options, rows };
}

/**
 * A value added at the end of an option. Its first value goes to every row there is
 * (they had none for it); with no rows yet, or for a further value, it brings a new row
 * for each combination with the other options' values (those that have some), with a
 * proposed SKU, the product's price, no stock and the product's picture.
 */
export function addValue(grid: Grid, optionIndex: number, value: string, productSku: string): Grid {
  const option = grid.options[optionIndex];
  if (!option || option.values.length >= MAX_VALUES) return grid;
  const text = value.trim();
  const options = grid.options.map((o, i) => (i === optionIndex ? { ...o, values: [...o.values, text] } : o));
  if (option.values.length === 0 && grid.rows.length > 0) {
    return { options, rows: grid.rows.map((r) => ({ ...r, values: r.values.map((v, i) => (i === optionIndex ? text : v)) })) };
  }
  const lists = options.map((o, i) => (i === optionIndex ? [text] : o.values.length > 0 ? o.values : ['']));
  const taken = skusOf(grid.rows);
  const added = combinations(lists).map((values) => newRow(values, productSku, taken));
  return { options, rows: ordered([...grid.rows, ...added], options) };
}

/** The option's value renamed, in the rows too (their SKUs stay as they are). */
export function renameValue(grid: Grid, optionIndex: number, valueIndex: number, value: string): Grid {
  const before = grid.options[optionIndex]?.values[valueIndex];
  if (before === undefined) return grid;
  const text = value.trim();
  return {
    options: grid.options.map((o, i) => (i === optionIndex ? { ...o, values: o.values.map((v, j) => (j === valueIndex ? text : v)) } : o)),
    rows: grid.rows.map((r) => (r.values[optionIndex] === before ? { ...r, values: r.values.map((v, i) => (i === optionIndex ? text : v)) } : r)),
  };
}

/** The option's value gone, and every row of it. */
export function removeValue(grid: Grid, optionIndex: number, valueIndex: number): Grid {
  const before = grid.options[optionIndex]?.values[valueIndex];
  if (before === undefined) return grid;
  return {
    options: grid.options.map((o, i) => (i === optionIndex ? { ...o, values: o.values.filter((_, j) => j !== valueIndex) } : o)),
    rows: grid.rows.filter((r) => r.values[optionIndex] !== before),
  };
}

/** One cell changed: only its row is a new object, so the other rows' memoized components skip rendering. */
export function setCell(grid: Grid, key: string, field: CellField, value: string | number | null): Grid {
  const index = grid.rows.findIndex((r) => r.key === key);
  const row = grid.rows[index];
  if (row === undefined) return grid;
  const rows = [...grid.rows];
  rows[index] = { ...row, [field]: value };
  return { ...grid, rows };
}

export function removeRow(grid: Grid, key: string): Grid {
  return { ...grid, rows: grid.rows.filter((r) => r.key !== key) };
}

/** The rows whose values or SKU hold `text` (any case); all of them for an empty filter. */
export function filterRows(rows: readonly GridRow[], text: string): readonly GridRow[] {
  const q = text.trim().toLowerCase();
  if (q === '') return rows;
  return rows.filter((r) => r.sku.toLowerCase().includes(q) || r.values.some((v) => v.toLowerCase().includes(q)));
}

/** The filter box shows from this many rows. */
export const FILTER_FROM = 200;
