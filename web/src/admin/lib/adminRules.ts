// The back office's form rules: the product editor's and the add-staff form's. Lengths
// and their messages come from the server's field-rules table (api/fieldRules.ts); the
// price rule and the "required" messages are written here with the server's own words
// (src/domain/fields.rs, src/domain/admin/inputs.rs), so a form and the server say the
// same thing. The server has the last word.
import { fieldRules } from '../../api/fieldRules.ts';
import type { AdminProductBody, ProductInput, StaffInput } from '../../api/types.ts';
import { isPlausibleEmail, put, textMessage, type Messages } from '../../lib/validation.ts';

/** The editor's fields, as typed. */
export interface ProductValues {
  name: string;
  brand: string;
  departmentId: string;
  price: string;
  stock: string;
  sku: string;
  description: string;
  [field: string]: string;
}

export const emptyProduct: ProductValues = { name: '', brand: '', departmentId: '', price: '', stock: '', sku: '', description: '' };

/** Hand-written from src/domain/fields.rs (product::PRICE): more than $0.00, at most $100,000.00, cents. */
export const PRICE = {
  required: 'Please give the product a price.',
  notNumber: 'A price is a number of dollars, such as 24.99.',
  tooLow: 'A price must be more than $0.00.',
  tooHigh: 'A price must be at most $100,000.00.',
  decimals: 'A price has at most two decimals.',
  maxCents: 10_000_000,
} as const;

export const DEPARTMENT_REQUIRED = "Please choose the product's department.";
export const STOCK_REQUIRED = 'Please say how many units are in stock (0 for none).';

/** Dollars as typed ("24.99", "$1,024.50"): the number, or NaN. */
export function parseDollars(text: string): number {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : NaN;
}

/** The price rule, checked in the server's order: two decimals, then its bounds. */
export function priceMessage(text: string): string | undefined {
  if (text.trim() === '') return PRICE.required;
  const dollars = parseDollars(text);
  if (Number.isNaN(dollars)) return PRICE.notNumber;
  // In cents, as the server counts; the tolerance forgives floating point (0.1 + 0.2).
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6) return PRICE.decimals;
  if (cents < 1) return PRICE.tooLow;
  if (cents > PRICE.maxCents) return PRICE.tooHigh;
  return undefined;
}

/** A sum of dollars as a rule of the server's holds it: its bounds in cents, and its line for each way to break it. */
export interface MoneyRule {
  minCents: number;
  maxCents: number;
  notNumber: string;
  decimals: string;
  outOfRange: string;
}

/**
 * The message of dollars as typed that break `rule`, checked in the server's order:
 * two decimals, then the bounds. Whether a blank is allowed is the caller's to say.
 */
export function moneyMessage(text: string, rule: MoneyRule): string | undefined {
  const dollars = parseDollars(text);
  if (Number.isNaN(dollars)) return rule.notNumber;
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6) return rule.decimals;
  if (cents < rule.minCents || cents > rule.maxCents) return rule.outOfRange;
  return undefined;
}

export function stockMessage(text: string): string | undefined {
  const rule = fieldRules.ProductInput.stock;
  if (text.trim() === '') return STOCK_REQUIRED;
  const units = Number(text.trim());
  if (!Number.isInteger(units)) return rule.messages.whole;
  if (units < rule.min) return rule.tooShort;
  if (units > rule.max) return rule.tooLong;
  return undefined;
}

/** A new product may leave its SKU to the store (`MKT-` and its id); a saved one keeps one. */
export function skuMessage(text: string, creating: boolean): string | undefined {
  const rule = fieldRules.ProductInput.sku;
  const sku = text.trim();
  if (sku === '') return creating ? undefined : rule.tooShort;
  if ([...sku].length > rule.max) return rule.tooLong;
  if (!/^[A-Za-z0-9._-]+$/.test(sku)) return rule.messages.characters;
  return undefined;
}

export function productMessages(v: ProductValues, creating: boolean): Messages<keyof ProductValues & string> {
  const rules = fieldRules.ProductInput;
  const m: Messages<string> = {};
  put(m, 'name', textMessage(v.name, rules.name));
  put(m, 'brand', textMessage(v.brand, rules.brand));
  put(m, 'departmentId', v.departmentId === '' ? DEPARTMENT_REQUIRED : undefined);
  put(m, 'price', priceMessage(v.price));
  put(m, 'stock', stockMessage(v.stock));
  put(m, 'sku', skuMessage(v.sku, creating));
  put(m, 'description', textMessage(v.description, rules.description));
  return m;
}

/** A saved product's fields as the editor shows them. */
export const productValues = (p: AdminProductBody): ProductValues => ({
  name: p.name,
  brand: p.brand,
  departmentId: String(p.departmentId),
  price: p.price.toFixed(2),
  stock: String(p.stock),
  sku: p.sku,
  description: p.description,
});

/** The body of a new product (the values have passed productMessages); a blank SKU is left to the store. */
export function productInput(v: ProductValues): Partial<ProductInput> {
  const sku = v.sku.trim();
  return {
    name: v.name.trim(),
    brand: v.brand.trim(),
    departmentId: Number(v.departmentId),
    price: parseDollars(v.price),
    stock: Number(v.stock.trim()),
    description: v.description.trim(),
    ...(sku === '' ? {} : { sku }),
  };
}

/** Only the fields that differ from the saved ones: a change touches nothing else (and the audit log says just that). */
export function productChanges(saved: ProductValues, v: ProductValues): Partial<ProductInput> {
  const all = productInput(v);
  const before = productInput(saved);
  const changed: Partial<ProductInput> = {};
  for (const key of Object.keys(all) as (keyof ProductInput)[]) {
    if (all[key] !== before[key]) Object.assign(changed, { [key]: all[key] });
  }
  return changed;
}

/** Whether the form differs from what was saved, field by field as typed. */
export const isDirty = (saved: ProductValues, v: ProductValues): boolean =>
  Object.keys(saved).some((key) => saved[key] !== v[key]);

export type StaffValues = StaffInput & { [field: string]: string };

export const staffRoles = ['staff', 'viewer', 'owner'] as const;

export function staffMessages(v: StaffValues): Messages<keyof StaffValues & string> {
  const rules = fieldRules.StaffInput;
  const m: Messages<string> = {};
  const username = textMessage(v.username, rules.username);
  const padded = v.username.trim() !== v.username ? rules.username.messages.padded : undefined;
  put(m, 'username', username ?? (v.username.includes('@') ? rules.username.messages.email : padded));
  put(m, 'email', textMessage(v.email, rules.email) ?? (isPlausibleEmail(v.email) ? undefined : rules.email.messages.invalid));
  // Every character of a password counts, spaces too.
  const length = [...v.password].length;
  put(m, 'password', length < rules.password.min ? rules.password.tooShort : length > rules.password.max ? rules.password.tooLong : undefined);
  return m;
}
