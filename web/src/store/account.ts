import type { StateCreator } from 'zustand';
import * as api from '../api/account.ts';
import type { Account, AccountChange, InboxMail, PasswordChange } from '../api/types.ts';
import type { Store } from './index.ts';

// The account's own settings (name, e-mail, password) and its inbox. The session's user
// is the one the whole app shows ("Hi, Ada" in the bar): whatever the account's calls
// answer of it replaces it, so a new name shows everywhere at once.
export interface AccountSlice {
  account: {
    /** A new address waiting for its owner to open the mailed link, or null. */
    pendingEmail: string | null;
    loaded: boolean;
  };
  inbox: {
    /** The shopper's mails, newest first, as the server lists them. */
    mails: InboxMail[];
    loaded: boolean;
  };
  getAccount: () => Promise<void>;
  /** Changes the name at once; a new e-mail address waits as `pendingEmail` until its link is opened. */
  changeAccount: (change: AccountChange) => Promise<Account>;
  /** Answers the server's message (the account's other devices are signed out). */
  changePassword: (change: PasswordChange) => Promise<string>;
  /**
   * Puts a mailed link's new address in effect, once the startup session check has
   * settled; answers the server's message once whoever is signed in here (perhaps the
   * account itself) has been read again, for its address.
   */
  confirmEmail: (token: string) => Promise<string>;
  listInbox: () => Promise<void>;
}

export const emptyAccount = (): AccountSlice['account'] => ({ pendingEmail: null, loaded: false });
export const emptyInbox = (): AccountSlice['inbox'] => ({ mails: [], loaded: false });

export const createAccountSlice: StateCreator<Store, [], [], AccountSlice> = (set, get) => {
  /** Keeps what the server said of the account, unless someone else has signed in meanwhile. */
  const keep = (account: Account) => {
    if (get().session.user?.id !== account.user.id) return;
    set((s) => ({
      session: { ...s.session, user: account.user },
      account: { pendingEmail: account.pendingEmail, loaded: true },
    }));
  };
  return {
    account: emptyAccount(),
    inbox: emptyInbox(),
    getAccount: async () => keep(await api.getAccount()),
    changeAccount: async (change) => {
      const account = await api.changeAccount(change);
      keep(account);
      return account;
    },
    changePassword: async (change) => (await api.changePassword(change)).message,
    confirmEmail: async (token) => {
      // Opened from a mail, often in a new visit: the startup session check gives the
      // browser its anti-forgery cookie first, so the call is not refused for the lack of one.
      const user = await get().whoIsHere();
      const { message } = await api.confirmEmail(token);
      // The address shown (the account page's, the settings form's) is the new one now;
      // if that read fails, the next visit to the settings reads it.
      if (user !== null) await get().getAccount().catch(() => undefined);
      return message;
    },
    listInbox: async () => {
      const mails = await api.listInbox();
      set({ inbox: { mails, loaded: true } });
    },
  };
};
