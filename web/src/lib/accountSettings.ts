// What the account-settings forms send, and where the server's refusals show: the
// store's messages are sentences (`{message, errors}`), not keyed by field, so each line
// is put under the field it is about when the form can tell, and above the form
// otherwise (as the address form does: lib/addresses.ts).
import { fieldRules } from '../api/fieldRules.ts';
import type { AccountChange, User } from '../api/types.ts';
import type { AccountValues, Messages, PasswordChangeValues } from './validation.ts';

/** The demo shopper's address (docs/rules.md#fixed-values): its sign-in is printed for everyone. */
export const DEMO_SHOPPER_EMAIL = 'demo@market.test';

/**
 * A demo account, whose e-mail address and password stay as printed: the shared demo
 * shopper, or a public demo's own shoppers (they end at `demoEndsAt`). The server refuses
 * their changes (403); the settings screen does not offer them.
 */
export function isDemoAccount(user: Pick<User, 'email' | 'demoEndsAt'>): boolean {
  return user.demoEndsAt != null || user.email.toLowerCase() === DEMO_SHOPPER_EMAIL;
}

/** The form's values for `user` as it stands; the password is typed anew each time. */
export const accountValues = (user: Pick<User, 'firstName' | 'lastName' | 'email'>): AccountValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  currentPassword: '',
});

/**
 * What the form sends: the fields that differ from `user`'s, and the password. An address
 * the same as the account's but for blank padding is no change.
 */
export function accountChange(user: Pick<User, 'firstName' | 'lastName' | 'email'>, v: AccountValues): AccountChange {
  const change: AccountChange = { currentPassword: v.currentPassword };
  if (v.firstName !== user.firstName) change.firstName = v.firstName;
  if (v.lastName !== user.lastName) change.lastName = v.lastName;
  if (v.email.trim() !== user.email) change.email = v.email.trim();
  return change;
}

/** Whether `change` changes anything besides carrying the password. */
export const changesSomething = (change: AccountChange): boolean => Object.keys(change).length > 1;

type RuleText = { tooShort: string; tooLong: string; messages?: Record<string, string> };
const textsOf = (rule: RuleText) => [rule.tooShort, rule.tooLong, ...Object.values(rule.messages ?? {})].filter((m) => m !== '');

/** A line about the password the account has now (a wrong one, most likely). */
const aboutCurrentPassword = (line: string) => /current password/i.test(line);

/** The server's lines of a refused change of name or address: by field, and those about none. */
export function sortAccountErrors(lines: string[]): { fields: Messages<keyof AccountValues>; other: string[] } {
  const rules = fieldRules.SignupInput;
  const known: [keyof AccountValues, string[]][] = [
    ['firstName', textsOf(rules.firstName)],
    ['lastName', textsOf(rules.lastName)],
    ['email', textsOf(rules.email)],
  ];
  return sortLines(lines, (line) =>
    aboutCurrentPassword(line) ? 'currentPassword' : known.find(([, texts]) => texts.includes(line))?.[0],
  );
}

/** The server's lines of a refused password change: by field, and those about none. */
export function sortPasswordErrors(lines: string[]): { fields: Messages<keyof PasswordChangeValues>; other: string[] } {
  const rule = textsOf(fieldRules.SignupInput.password);
  return sortLines(lines, (line) =>
    aboutCurrentPassword(line) ? 'currentPassword' : rule.includes(line) ? 'password' : undefined,
  );
}

function sortLines<K extends string>(lines: string[], fieldOf: (line: string) => K | undefined) {
  const fields: Messages<K> = {};
  const other: string[] = [];
  for (const line of lines) {
    const field = fieldOf(line);
    if (field !== undefined && fields[field] === undefined) fields[field] = line;
    else if (field === undefined) other.push(line);
  }
  return { fields, other };
}
