// The promotions screen's rules and words: a code's form and what it sends
// (src/domain/admin/checkout_inputs.rs, whose messages these repeat where a person can
// meet them), a code's discount and status as the table says them, and the dates of a
// datetime-local input (the staff member's own time) as the server's ISO moments (UTC).
import { fieldRules } from '../../../api/fieldRules.ts';
import type { AdminPromotion, PromotionInput, PromotionKind } from '../../../api/types.ts';
import { formatPrice } from '../../../lib/money.ts';
import { put, textMessage, type Messages } from '../../../lib/validation.ts';
import { moneyMessage, parseDollars, type MoneyRule } from '../../lib/adminRules.ts';

// ---- how a code reads ----

/** "10% off", "$5.00 off". */
export const discountLabel = (p: Pick<AdminPromotion, 'kind' | 'value'>): string =>
  p.kind === 'percent' ? `${p.value}% off` : `${formatPrice(p.value)} off`;

/** "$20.00", or "None" for a code any subtotal may use. */
export const minimumLabel = (minSubtotal: number): string => (minSubtotal > 0 ? formatPrice(minSubtotal) : 'None');

/** "3 of 100", "3, no limit". */
export const usesLabel = (p: Pick<AdminPromotion, 'uses' | 'usageLimit'>): string =>
  p.usageLimit == null
    ? `${p.uses.toLocaleString('en-US')}, no limit`
    : `${p.uses.toLocaleString('en-US')} of ${p.usageLimit.toLocaleString('en-US')}`;

export type PromotionStatus = 'active' | 'scheduled' | 'ended' | 'usedUp';

export const statusNames: Record<PromotionStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
  usedUp: 'Used up',
};

/**
 * Whether shoppers can use the code at `now`, in the order the server refuses one
 * (src/domain/checkout.rs): not started, ended (from its end on), used up.
 */
export function promotionStatus(p: Pick<AdminPromotion, 'startsAt' | 'endsAt' | 'uses' | 'usageLimit'>, now: number): PromotionStatus {
  if (p.startsAt != null && now < Date.parse(p.startsAt)) return 'scheduled';
  if (p.endsAt != null && now >= Date.parse(p.endsAt)) return 'ended';
  if (p.usageLimit != null && p.uses >= p.usageLimit) return 'usedUp';
  return 'active';
}

/** End now ends a code that has started and not ended; a scheduled one would end before it starts. */
export const canEndNow = (status: PromotionStatus): boolean => status === 'active' || status === 'usedUp';

// ---- dates: a datetime-local input's value and the server's moments ----

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value ("2027-03-01T09:30", the staff member's time) as an ISO moment in UTC; undefined if it is none. */
export function localToIso(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return undefined;
  const at = new Date(local); // without an offset, the browser's own time zone
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().replace('.000Z', 'Z');
}

/** An ISO moment as a datetime-local value in the browser's time zone, to the minute; '' for none. */
export function isoToLocal(iso: string | null | undefined): string {
  if (iso == null) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

// ---- the forms ----

/** A code's fields, as typed. `kind` is percent or amount; `oncePerShopper` 'yes' or ''. */
export interface PromotionValues {
  code: string;
  kind: string;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerShopper: string;
  [field: string]: string;
}

export const emptyPromotion: PromotionValues = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  oncePerShopper: '',
};

export const PROMOTION = {
  valueRequired: "Please give the promotion's value.",
  percent: 'A percent off is a whole number from 1 to 100.',
  badDate: 'Please give a full date and time.',
  endsAfterStarts: 'The end must be after the start.',
  usageLimit: 'A usage limit is a whole number from 1 to 1,000,000,000, or empty for no limit.',
} as const;

const AMOUNT: MoneyRule = {
  minCents: 1,
  maxCents: 10_000_000,
  notNumber: 'An amount off is a number of dollars, such as 5.',
  decimals: 'An amount off has at most two decimals.',
  outOfRange: 'An amount off is more than $0.00 and at most $100,000.00.',
};

const MINIMUM: MoneyRule = {
  minCents: 0,
  maxCents: 100_000_000,
  notNumber: 'A minimum subtotal is a number of dollars, such as 20, or empty for none.',
  decimals: 'A minimum subtotal has at most two decimals.',
  outOfRange: 'A minimum subtotal is from $0.00 to $1,000,000.00.',
};

/** A code as the server keeps it: trimmed, in capitals. */
export const normalCode = (typed: string): string => typed.trim().toUpperCase();

function codeMessage(typed: string): string | undefined {
  const rule = fieldRules.PromotionInput.code;
  const code = normalCode(typed);
  return textMessage(code, rule) ?? (/^[A-Z0-9-]+$/.test(code) ? undefined : rule.messages.characters);
}

function valueMessage(kind: string, text: string): string | undefined {
  if (text.trim() === '') return PROMOTION.valueRequired;
  if (kind === 'amount') return moneyMessage(text, AMOUNT);
  const percent = Number(text.trim().replace(/%$/, ''));
  return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? undefined : PROMOTION.percent;
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The rules a change may meet too: minimum, dates, limit (not below `uses`, for a saved code). */
function changeableMessages(v: PromotionValues, m: Messages<string>, uses = 0) {
  put(m, 'minSubtotal', v.minSubtotal.trim() === '' ? undefined : moneyMessage(v.minSubtotal, MINIMUM));
  const starts = v.startsAt === '' ? null : localToIso(v.startsAt);
  const ends = v.endsAt === '' ? null : localToIso(v.endsAt);
  put(m, 'startsAt', starts === undefined ? PROMOTION.badDate : undefined);
  put(m, 'endsAt', ends === undefined ? PROMOTION.badDate : starts && ends && ends <= starts ? PROMOTION.endsAfterStarts : undefined);
  if (v.usageLimit.trim() !== '') {
    const limit = wholeNumber(v.usageLimit);
    const usesLine = uses === 1 ? '1 use' : `${uses.toLocaleString('en-US')} uses`;
    put(
      m,
      'usageLimit',
      Number.isNaN(limit) || limit < 1 || limit > 1e9
        ? PROMOTION.usageLimit
        : limit < uses
          ? `The limit cannot be below the ${usesLine} so far.`
          : undefined,
    );
  }
}

export function promotionMessages(v: PromotionValues): Messages<keyof PromotionValues & string> {
  const m: Messages<string> = {};
  put(m, 'code', codeMessage(v.code));
  put(m, 'value', valueMessage(v.kind, v.value));
  changeableMessages(v, m);
  return m;
}

/** A saved code's edit form: its changeable fields, held to its uses so far. */
export const editMessages =
  (uses: number) =>
  (v: PromotionValues): Messages<keyof PromotionValues & string> => {
    const m: Messages<string> = {};
    changeableMessages(v, m, uses);
    return m;
  };

/** The body of a new code (the values have passed promotionMessages); empty fields are left to the store's defaults. */
export function promotionInput(v: PromotionValues): PromotionInput {
  const kind: PromotionKind = v.kind === 'amount' ? 'amount' : 'percent';
  const input: PromotionInput = {
    code: normalCode(v.code),
    kind,
    value: kind === 'amount' ? parseDollars(v.value) : Number(v.value.trim().replace(/%$/, '')),
    oncePerShopper: v.oncePerShopper === 'yes',
  };
  if (v.minSubtotal.trim() !== '') input.minSubtotal = parseDollars(v.minSubtotal);
  const starts = localToIso(v.startsAt);
  if (starts) input.startsAt = starts;
  const ends = localToIso(v.endsAt);
  if (ends) input.endsAt = ends;
  if (v.usageLimit.trim() !== '') input.usageLimit = wholeNumber(v.usageLimit);
  return input;
}

/** A saved code's changeable fields as its edit form shows them. */
export const promotionEditValues = (p: AdminPromotion): PromotionValues => ({
  ...emptyPromotion,
  code: p.code,
  kind: p.kind,
  value: String(p.value),
  minSubtotal: p.minSubtotal > 0 ? p.minSubtotal.toFixed(2) : '',
  startsAt: isoToLocal(p.startsAt),
  endsAt: isoToLocal(p.endsAt),
  usageLimit: p.usageLimit == null ? '' : String(p.usageLimit),
  oncePerShopper: p.oncePerShopper ? 'yes' : '',
});

export type PromotionChange = Omit<Partial<PromotionInput>, 'code' | 'kind' | 'value'>;

/**
 * Only what differs from the saved code, field by field as the form shows it (so a date
 * left alone keeps its seconds); an emptied date or limit is sent as null.
 */
export function promotionChanges(saved: AdminPromotion, v: PromotionValues): PromotionChange {
  const before = promotionEditValues(saved);
  const changed: PromotionChange = {};
  if (parseDollars(v.minSubtotal || '0') !== parseDollars(before.minSubtotal || '0')) changed.minSubtotal = parseDollars(v.minSubtotal || '0');
  if (v.startsAt !== before.startsAt) changed.startsAt = localToIso(v.startsAt) ?? null;
  if (v.endsAt !== before.endsAt) changed.endsAt = localToIso(v.endsAt) ?? null;
  if (v.usageLimit.trim() !== before.usageLimit) changed.usageLimit = v.usageLimit.trim() === '' ? null : wholeNumber(v.usageLimit);
  if (v.oncePerShopper !== before.oncePerShopper) changed.oncePerShopper = v.oncePerShopper === 'yes';
  return changed;
}

/** The change End now sends: the code ends at `now`. */
export const endNow = (now: Date): PromotionChange => ({ endsAt: now.toISOString() });
