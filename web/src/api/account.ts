import { get, patch, post, put } from './client.ts';
import type { Account, AccountChange, EmailConfirmation, Inbox, Message, PasswordChange } from './types.ts';

export const getAccount = () => get<Account>('/api/account');

/**
 * Changes the name at once; a new e-mail address waits (`pendingEmail`) until its owner
 * opens the link mailed to it.
 */
export const changeAccount = (change: AccountChange) => patch<Account>('/api/account', change);

/** A new password; the account's other sessions end, this one stays. */
export const changePassword = (change: PasswordChange) => put<Message>('/api/account/password', change);

/** Puts the new address of the mailed link in effect; signed in or not. */
export const confirmEmail = (token: string) =>
  post<Message>('/api/account/email-confirmations', { token } satisfies EmailConfirmation);

/** The shopper's own mails, newest first (a public demo's shoppers read theirs only here). */
export const listInbox = () => get<Inbox>('/api/account/inbox').then((r) => r.mails);
