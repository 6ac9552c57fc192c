// The sign-in, sign-up, password-reset, account-settings and review forms' rules. Every length limit and message the
// server checks comes from its field-rules table (src/api/fieldRules.ts, generated from
// the API document), so the forms and the server cannot disagree
// (docs/rules.md#field-rules); what only a form checks (the password confirmation)
// stays here. Each function returns the messages of the fields that break a rule, keyed
// by field; an empty object means valid. The server has the last word.
import { fieldRules } from '../api/fieldRules.ts';
import type { LoginInput, ReviewInput, SignupInput } from '../api/types.ts';

export type Messages<K extends string> = Partial<Record<K, string>>;

export interface LengthRule {
  readonly min: number;
  readonly max: number;
  readonly tooShort: string;
  readonly tooLong: string;
}

const length = (s: string) => [...s].length;
/** Blank padding does not count toward a minimum (as on the server). */
const trimmedLength = (s: string) => length(s.trim());

/** A text's message, if it is too long, or too short once blank padding is set aside. */
export function textMessage(value: string, rule: LengthRule): string | undefined {
  if (length(value) > rule.max) return rule.tooLong;
  if (trimmedLength(value) < rule.min) return rule.tooShort;
  return undefined;
}

/** A password's message: every character counts, spaces too. */
function secretMessage(value: string, rule: LengthRule): string | undefined {
  if (length(value) < rule.min) return rule.tooShort;
  if (length(value) > rule.max) return rule.tooLong;
  return undefined;
}

/** Sets `m[key]` when there is a message, so a valid field has no key at all. */
export function put<K extends string>(m: Messages<K>, key: K, message: string | undefined) {
  if (message !== undefined) m[key] = message;
}

export type LoginValues = LoginInput;

export function loginMessages(v: LoginValues): Messages<keyof LoginValues> {
  const rules = fieldRules.LoginInput;
  const m: Messages<keyof LoginValues> = {};
  put(m, 'credential', textMessage(v.credential, rules.credential));
  put(m, 'password', secretMessage(v.password, rules.password));
  return m;
}

export type SignupValues = SignupInput & { confirmPassword: string };

/** The form's own rule: the server never sees the confirmation. */
export const PASSWORD_MISMATCH = "Those passwords didn't match. Please try again.";

export function signupMessages(v: SignupValues): Messages<keyof SignupValues> {
  const rules = fieldRules.SignupInput;
  const m: Messages<keyof SignupValues> = {};
  put(m, 'firstName', textMessage(v.firstName, rules.firstName));
  put(m, 'lastName', textMessage(v.lastName, rules.lastName));
  put(m, 'email', emailMessage(v.email));
  put(m, 'username', usernameMessage(v.username));
  return { ...m, ...newPasswordMessages(v) };
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password and its confirmation, by the sign-up's rule (sign-up, a reset). */
export function newPasswordMessages(v: NewPasswordValues): Messages<keyof NewPasswordValues> {
  const rule = fieldRules.SignupInput.password;
  const m: Messages<keyof NewPasswordValues> = {};
  put(m, 'password', secretMessage(v.password, rule));
  // The confirmation is held to the password's minimum first, then must match it.
  if (length(v.confirmPassword) < rule.min) m.confirmPassword = rule.tooShort;
  else if (v.confirmPassword !== v.password) m.confirmPassword = PASSWORD_MISMATCH;
  return m;
}

export interface ForgotValues {
  email: string;
}

/** The address a reset is asked for: an e-mail address, as at sign-up. */
export function forgotMessages(v: ForgotValues): Messages<keyof ForgotValues> {
  const m: Messages<keyof ForgotValues> = {};
  put(m, 'email', emailMessage(v.email));
  return m;
}

export type AccountValues = {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
};

/** The form's own rule: every change of the account asks for its password. */
export const CURRENT_PASSWORD_MISSING = 'Please enter your current password.';

/** The current password, as sign-in takes it: asked for by every change of the account. */
function currentPasswordMessage(value: string): string | undefined {
  return value.length === 0 ? CURRENT_PASSWORD_MISSING : secretMessage(value, fieldRules.LoginInput.password);
}

/** A new name or e-mail address (by the sign-up's rules), with the current password. */
export function accountMessages(v: AccountValues): Messages<keyof AccountValues> {
  const rules = fieldRules.SignupInput;
  const m: Messages<keyof AccountValues> = {};
  put(m, 'firstName', textMessage(v.firstName, rules.firstName));
  put(m, 'lastName', textMessage(v.lastName, rules.lastName));
  put(m, 'email', emailMessage(v.email));
  put(m, 'currentPassword', currentPasswordMessage(v.currentPassword));
  return m;
}

export type PasswordChangeValues = { currentPassword: string; password: string; confirmPassword: string };

/** The current password, and a new one with its confirmation by the sign-up's rule. */
export function passwordChangeMessages(v: PasswordChangeValues): Messages<keyof PasswordChangeValues> {
  const m: Messages<keyof PasswordChangeValues> = {};
  put(m, 'currentPassword', currentPasswordMessage(v.currentPassword));
  return { ...m, ...newPasswordMessages(v) };
}

function emailMessage(email: string): string | undefined {
  const rule = fieldRules.SignupInput.email;
  return textMessage(email, rule) ?? (isPlausibleEmail(email) ? undefined : rule.messages.invalid);
}

function usernameMessage(username: string): string | undefined {
  const rule = fieldRules.SignupInput.username;
  const message = textMessage(username, rule);
  if (message !== undefined) return message;
  if (username.includes('@')) return rule.messages.email;
  if (username.trim() !== username) return rule.messages.padded;
  return undefined;
}

/** One `@` with something before it and a dotted domain after it; no spaces. */
export function isPlausibleEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const parts = domain.split('.');
  return !domain.includes('@') && parts.length >= 2 && parts.every((p) => p.length > 0);
}

export type ReviewValues = ReviewInput;

export const TITLE_MAX = fieldRules.ReviewInput.title.max;
export const DESCRIPTION_MAX = fieldRules.ReviewInput.description.max;

export function reviewMessages(v: ReviewValues): Messages<keyof ReviewValues> {
  const rules = fieldRules.ReviewInput;
  const m: Messages<keyof ReviewValues> = {};
  put(m, 'rating', ratingMessage(v.rating));
  put(m, 'title', textMessage(v.title, rules.title));
  put(m, 'description', textMessage(v.description, rules.description));
  return m;
}

/** A whole number of stars within the rule; anything else (a fraction, NaN) is no rating. */
function ratingMessage(rating: number): string | undefined {
  const rule = fieldRules.ReviewInput.rating;
  if (!Number.isInteger(rating) || rating < rule.min) return rule.tooShort;
  if (rating > rule.max) return rule.tooLong;
  return undefined;
}

export const hasMessages = (m: object): boolean => Object.keys(m).length > 0;
