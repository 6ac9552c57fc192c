// The form rules of spec section 5, with its exact messages. Each function returns the
// messages of the fields that break a rule, keyed by field; an empty object means valid.
// The server checks the same rules (src/domain/inputs.rs) and has the last word.

export type Messages<K extends string> = Partial<Record<K, string>>;

const length = (s: string) => [...s].length;
/** Blank padding does not count toward a minimum (as on the server). */
const trimmedLength = (s: string) => length(s.trim());

export interface LoginValues {
  credential: string;
  password: string;
}

export function loginMessages(v: LoginValues): Messages<keyof LoginValues> {
  const m: Messages<keyof LoginValues> = {};
  if (trimmedLength(v.credential) < 3 || length(v.credential) > 100)
    m.credential = 'Please provide a valid email or username.';
  if (length(v.password) < 3 || length(v.password) > 128) m.password = 'Please provide a password.';
  return m;
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export const PASSWORD_MISMATCH = "Those passwords didn't match. Please try again.";

export function signupMessages(v: SignupValues): Messages<keyof SignupValues> {
  const m: Messages<keyof SignupValues> = {};
  const between = (s: string, min: number, max: number) => trimmedLength(s) >= min && length(s) <= max;
  if (!between(v.firstName, 2, 25)) m.firstName = 'First name must be 2 to 25 characters.';
  if (!between(v.lastName, 2, 25)) m.lastName = 'Last name must be 2 to 25 characters.';
  if (length(v.email) > 100) m.email = 'Email must be at most 100 characters.';
  else if (!isPlausibleEmail(v.email)) m.email = 'Please provide a valid email.';
  if (!between(v.username, 3, 30)) m.username = 'Username must be 3 to 30 characters.';
  else if (v.username.includes('@')) m.username = 'Username cannot be an email.';
  else if (v.username.trim() !== v.username) m.username = 'Username cannot start or end with a space.';
  if (length(v.password) < 5) m.password = 'Password must be at least 5 characters.';
  else if (length(v.password) > 128) m.password = 'Password must be at most 128 characters.';
  if (length(v.confirmPassword) < 5) m.confirmPassword = 'Password must be at least 5 characters.';
  else if (v.confirmPassword !== v.password) m.confirmPassword = PASSWORD_MISMATCH;
  return m;
}

/** One `@` with something before it and a dotted domain after it; no spaces. */
export function isPlausibleEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const parts = domain.split('.');
  return !domain.includes('@') && parts.length >= 2 && parts.every((p) => p.length > 0);
}

export interface ReviewValues {
  rating: number;
  title: string;
  description: string;
}

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 255;

export function reviewMessages(v: ReviewValues): Messages<keyof ReviewValues> {
  const m: Messages<keyof ReviewValues> = {};
  if (!(Number.isInteger(v.rating) && v.rating >= 1 && v.rating <= 5)) m.rating = 'Please enter a rating.';
  if (length(v.title) > TITLE_MAX) m.title = 'Please write a shorter title.';
  else if (trimmedLength(v.title) < 5) m.title = 'Please write a longer title.';
  if (length(v.description) > DESCRIPTION_MAX) m.description = 'Please write a shorter description.';
  else if (trimmedLength(v.description) < 20) m.description = 'Please write a longer description.';
  return m;
}

export const hasMessages = (m: object): boolean => Object.keys(m).length > 0;
