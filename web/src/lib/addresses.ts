// Addresses as the shopper reads and types them (docs/rules.md#addresses). The store
// ships to the United States only, so the form asks no country; every limit and message
// comes from the server's field rules (api/fieldRules.ts), and the server has the last word.
import { fieldRules } from '../api/fieldRules.ts';
import type { AddressBody, AddressInput } from '../api/types.ts';
import { put, textMessage, type Messages } from './validation.ts';

/** The one country the store ships to. */
export const COUNTRY = 'US';
export const COUNTRY_NAME = 'United States';

/** The states, DC and the territories the store ships to, by code, in the order a list shows them. */
export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AS', 'American Samoa'], ['AZ', 'Arizona'], ['AR', 'Arkansas'],
  ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'],
  ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['GU', 'Guam'], ['HI', 'Hawaii'],
  ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'],
  ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
  ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'],
  ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['MP', 'Northern Mariana Islands'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'],
  ['UM', 'U.S. Minor Outlying Islands'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VI', 'U.S. Virgin Islands'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];

/** An address as lines to print: name, street, second line (if any), "City, ST 55403". */
export function addressLines(a: AddressBody): string[] {
  const lines = [a.name, a.line1];
  if (a.line2.trim() !== '') lines.push(a.line2);
  lines.push(`${a.city}, ${a.state} ${a.postalCode}`);
  return lines;
}

/** An address on one line: "Demo Shopper, 1000 Nicollet Mall, Minneapolis, MN 55403". */
export const addressOneLine = (a: AddressBody): string => addressLines(a).join(', ');

/** The form's fields: the address input's text fields but its country (always the US). */
export type AddressField = 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'phone';
export type AddressValues = Record<AddressField, string>;

export const blankAddress = (): AddressValues => ({
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
});

/** The form's values of an address (to edit it). */
export const addressValues = (a: AddressBody): AddressValues => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  phone: a.phone,
});

/** What the form sends: its values, the country, and whether to make it the default. */
export const addressInput = (v: AddressValues, isDefault: boolean): AddressInput => ({
  ...v,
  country: COUNTRY,
  isDefault,
});

const ZIP = /^\d{5}(-\d{4})?$/;
const PHONE = /^[\d +\-()]*$/;

/** The form's rules, the server's (docs/rules.md#addresses): each broken field's message. */
export function addressMessages(v: AddressValues): Messages<AddressField> {
  const rules = fieldRules.AddressInput;
  const m: Messages<AddressField> = {};
  put(m, 'name', textMessage(v.name, rules.name));
  put(m, 'line1', textMessage(v.line1, rules.line1));
  put(m, 'line2', textMessage(v.line2, rules.line2));
  put(m, 'city', textMessage(v.city, rules.city));
  put(m, 'state', US_STATES.some(([code]) => code === v.state) ? undefined : rules.state.messages.unknown);
  put(m, 'postalCode', ZIP.test(v.postalCode.trim()) ? undefined : rules.postalCode.messages.zip);
  put(m, 'phone', textMessage(v.phone, rules.phone) ?? (PHONE.test(v.phone) ? undefined : rules.phone.messages.characters));
  return m;
}

/**
 * Which field a line of the server's 400 is about, by its message (every message of the
 * address rules belongs to one field); `undefined` for a line about none of the form's
 * fields (the country's, or one this app does not know), shown above the form.
 */
export function fieldOfMessage(line: string): AddressField | undefined {
  const rules = fieldRules.AddressInput;
  const fields: AddressField[] = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'phone'];
  return fields.find((field) => {
    const rule: { tooShort: string; tooLong: string; messages?: Record<string, string> } = rules[field];
    return [rule.tooShort, rule.tooLong, ...Object.values(rule.messages ?? {})].some((m) => m !== '' && m === line);
  });
}

/** The server's lines of a refused address, by field, and those about no field. */
export function sortServerErrors(lines: string[]): { fields: Messages<AddressField>; other: string[] } {
  const fields: Messages<AddressField> = {};
  const other: string[] = [];
  for (const line of lines) {
    const field = fieldOfMessage(line);
    if (field && fields[field] === undefined) fields[field] = line;
    else if (!field) other.push(line);
  }
  return { fields, other };
}
