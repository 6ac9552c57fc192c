import { get, patch, post, put } from './client.ts';
import type { Message, User } from './types.ts';

// Until make api-types generates them
/** The signed-in account, and the new address it waits to move to, if any. */
export interface Account {
  user: User;
  /** A new address waiting for its owner to open the mailed link; `null` when none waits. */
  pendingEmail: string | null;
}

// Until make api-types generates them
/** A change of name or e-mail address, with the current password. Only the fields changed are sent. */
export interface AccountChange {
  firstName?: string;
  lastName?: string;
  email?: string;
  currentPassword: string;
}

// Until make api-types generates them
export interface PasswordChange {
  currentPassword: string;
  password: string;
}

// Until make api-types generates them
/** The token of the link mailed to a new address. */
export interface EmailConfirmation {
  token: string;
}

// Until make api-types generates them
/** One mail the store wrote to the shopper, drawn as its recipient reads it. */
export interface InboxMail {
  id: number;
  /** What caused it: `order.placed`, `stock.back`... */
  event: string;
  subject: string;
  createdAt: string;
  text: string;
  html: string;
}

// Until make api-types generates them
export interface Inbox {
  /** Newest first. */
  mails: InboxMail[];
}

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
export const getInbox = () => get<Inbox>('/api/account/inbox').then((r) => r.mails);
