// A card as the shopper types it into the test provider's form (docs/rules.md#payments):
// the number spaced in groups as printed, its network read from its first digits, the
// expiry as "MM / YY". Whether the number is one a network issues and the expiry still
// good is the server's to say (src/domain/payments/card.rs); the form checks only that
// each field is filled in, with the server's messages (api/fieldRules.ts), and shows the
// server's refusal by the field it names.
import { fieldRules } from '../api/fieldRules.ts';
import type { CardInput } from '../api/types.ts';
import { put, type Messages } from './validation.ts';

/** A network, named as an order names it. */
export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Diners Club' | 'JCB' | 'UnionPay';

/** The form's fields, as typed. */
export type CardField = 'number' | 'expiry' | 'cvc';
export type CardValues = Record<CardField, string>;

export const blankCard = (): CardValues => ({ number: '', expiry: '', cvc: '' });

export const digitsOf = (text: string): string => text.replace(/\D/g, '');

const within = (n: number, low: number, high: number) => n >= low && n <= high;

/**
 * The network whose IIN range the first digits fall in, in the server's order of
 * precedence; `undefined` until enough digits tell (a lone 3 could be three networks).
 */
export function cardBrand(digits: string): CardBrand | undefined {
  // As the server reads them: a prefix longer than the digits typed counts as 0.
  const prefix = (n: number) => (digits.length >= n ? Number(digits.slice(0, n)) : 0);
  const [one, two, three, four] = [prefix(1), prefix(2), prefix(3), prefix(4)];
  if (one === 4) return 'Visa';
  if (two === 34 || two === 37) return 'American Express';
  if (within(two, 51, 55) || within(four, 2221, 2720)) return 'Mastercard';
  if (four === 6011 || two === 65 || within(three, 644, 649)) return 'Discover';
  if (within(four, 3528, 3589)) return 'JCB';
  if (two === 36 || two === 38 || two === 39 || within(three, 300, 305)) return 'Diners Club';
  if (two === 62) return 'UnionPay';
  return undefined;
}

/** The security code's length: 4 digits on the front of an American Express card, 3 on the back of the others. */
export const cvcLength = (brand: CardBrand | undefined): number => (brand === 'American Express' ? 4 : 3);

/** The most digits a number of the brand has: 15 for American Express, 16 for Mastercard, 19 for the rest. */
const maxDigits = (brand: CardBrand | undefined): number =>
  brand === 'American Express' ? 15 : brand === 'Mastercard' ? 16 : 19;

/** The digits as the card prints them: "3782 822463 10005" for American Express, "4242 4242 4242 4242" for the others. */
export function groupCardNumber(digits: string): string {
  const brand = cardBrand(digits);
  const kept = digits.slice(0, maxDigits(brand));
  const sizes = brand === 'American Express' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= kept.length) break;
    groups.push(kept.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/**
 * The expiry's digits as "MM / YY": a first digit above 1 is a month of one digit ("5" is
 * "05"), and a four-digit year (an autofilled "12/2030") keeps its last two digits.
 */
export function formatExpiry(digits: string): string {
  let kept = digits.length === 6 ? digits.slice(0, 2) + digits.slice(4) : digits.slice(0, 4);
  if (kept.length === 1 && kept > '1') kept = `0${kept}`;
  return kept.length <= 2 ? kept : `${kept.slice(0, 2)} / ${kept.slice(2)}`;
}

/** "MM / YY" as the month and the four-digit year; a part not typed in full is 0. */
export function readExpiry(text: string): { expMonth: number; expYear: number } {
  const digits = digitsOf(text);
  const month = digits.slice(0, 2);
  const year = digits.slice(2, 4);
  return {
    expMonth: month.length === 2 ? Number(month) : 0,
    expYear: year.length === 2 ? 2000 + Number(year) : 0,
  };
}

/** A text field's value and where its caret goes. */
export interface Edited {
  value: string;
  caret: number;
}

/**
 * A field of digits after an edit, formatted again with `format`, its caret after the
 * same digits as before (not thrown to the end when a digit is typed in the middle).
 * Deleting one of the spaces or slashes `format` puts in deletes the digit beside it
 * instead, which `format` would otherwise put straight back.
 */
export function reformat(
  format: (digits: string) => string,
  before: string,
  typed: string,
  caret: number,
  forward = false,
): Edited {
  let digits = digitsOf(typed);
  let digitsBefore = digitsOf(typed.slice(0, caret)).length;
  const atEnd = caret >= typed.length;
  if (typed.length < before.length && digits === digitsOf(before)) {
    if (forward) digits = digits.slice(0, digitsBefore) + digits.slice(digitsBefore + 1);
    else if (digitsBefore > 0) {
      digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
      digitsBefore -= 1;
    }
  }
  const value = format(digits);
  if (atEnd) return { value, caret: value.length };
  let at = 0;
  for (let seen = 0; at < value.length && seen < digitsBefore; at += 1) if (/\d/.test(value.charAt(at))) seen += 1;
  return { value, caret: at };
}

/** The number field after an edit. */
export const editCardNumber = (before: string, typed: string, caret: number, forward = false): Edited =>
  reformat(groupCardNumber, before, typed, caret, forward);

/** The expiry field after an edit. */
export const editExpiry = (before: string, typed: string, caret: number, forward = false): Edited =>
  reformat(formatExpiry, before, typed, caret, forward);

/** The security code field after an edit: its digits, as many as the brand's code has. */
export const editCvc = (typed: string, brand: CardBrand | undefined): string => digitsOf(typed).slice(0, cvcLength(brand));

/**
 * What the form checks before sending: that each field is filled in as the card shows it
 * (the server checks the rest and has the last word), in the server's words.
 */
export function cardMessages(v: CardValues): Messages<CardField> {
  const rules = fieldRules.CardInput;
  const m: Messages<CardField> = {};
  put(m, 'number', digitsOf(v.number) === '' ? rules.number.tooShort : undefined);
  const { expMonth, expYear } = readExpiry(v.expiry);
  if (!within(expMonth, 1, 12)) m.expiry = rules.expMonth.messages.month;
  else if (expYear === 0) m.expiry = rules.expMonth.messages.year;
  put(m, 'cvc', cvcMessage(v.cvc.trim(), cvcLength(cardBrand(digitsOf(v.number)))));
  return m;
}

function cvcMessage(cvc: string, length: number): string | undefined {
  const rules = fieldRules.CardInput.cvc;
  if (cvc === '') return rules.tooShort;
  if (cvc.length === length && /^\d+$/.test(cvc)) return undefined;
  return length === 4 ? rules.messages.four : rules.messages.three;
}

/** What the order sends for the card: its digits, the expiry's month and year, the code. */
export const cardInput = (v: CardValues): CardInput => ({
  number: digitsOf(v.number),
  ...readExpiry(v.expiry),
  cvc: v.cvc.trim(),
});

/** The field a line of the server's 400 is about, by its exact words; `undefined` for a line about none. */
export function fieldOfCardMessage(line: string): CardField | undefined {
  const rules = fieldRules.CardInput;
  const fields: CardField[] = ['number', 'expiry', 'cvc'];
  return fields.find((field) => {
    // The expiry's messages are kept with its month's rule.
    const rule: { tooShort: string; tooLong: string; messages: Record<string, string> } =
      rules[field === 'expiry' ? 'expMonth' : field];
    return [rule.tooShort, rule.tooLong, ...Object.values(rule.messages)].includes(line);
  });
}

/** The server's lines by the card's field they name (the first for each), and the lines about none. */
export function sortCardErrors(lines: string[]): { fields: Messages<CardField>; other: string[] } {
  const fields: Messages<CardField> = {};
  const other: string[] = [];
  for (const line of lines) {
    const field = fieldOfCardMessage(line);
    if (field === undefined) other.push(line);
    else fields[field] ??= line;
  }
  return { fields, other };
}
