import { del, get, post } from './client.ts';
import type { LoginInput, Message, ResetConfirm, ResetRequest, SessionUser, User } from './types.ts';

/**
 * The app's first call: who is signed in, and in a public demo what visitors are told
 * about it. It also gives the browser its anti-forgery cookie.
 */
export const getSession = () => get<SessionUser>('/api/session');

/**
 * Sign-in and sign-up answer the session's shape, whose `user` may be null in the
 * document; after either it never is, and the store counts on a user.
 */
export function signedInUser({ user }: SessionUser): User {
  if (user === null) throw new Error('The server answered a sign-in without a user.');
  return user;
}

/** `code`: the six digits of an authenticator app, for an account with a second factor on. */
export const signIn = (credential: string, password: string, code?: string) =>
  post<SessionUser>(
    '/api/session',
    (code === undefined ? { credential, password } : { credential, password, code }) satisfies LoginInput,
  ).then(signedInUser);

export const signOut = () => del<Message>('/api/session');

/** A mail with a link to reset the password of the account with `email`, if one has it. */
export const askPasswordReset = (email: string) =>
  post<Message>('/api/password-resets', { email } satisfies ResetRequest);

/** A new password, with the token of a reset mail's link. */
export const confirmPasswordReset = (token: string, password: string) =>
  post<Message>('/api/password-resets/confirm', { token, password } satisfies ResetConfirm);
