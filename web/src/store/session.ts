import type { StateCreator } from 'zustand';
import * as api from '../api/session.ts';
import * as users from '../api/users.ts';
import type { PublicDemo, Role, SignupInput, User } from '../api/types.ts';
import type { Store } from './index.ts';
import { emptyShopperState } from './shopper.ts';

export interface SessionSlice {
  session: {
    user: User | null;
    /** A public demo (`market serve --demo`): its look-only login and how long a demo shopper lasts. */
    demo: PublicDemo | null;
    /** True once the startup session check has finished, whatever its outcome. */
    loaded: boolean;
  };
  /** The startup check; later calls reuse the first one. */
  getSession: () => Promise<void>;
  /**
   * Who is signed in, once the startup check has said (at once after it): what a tap
   * that needs a shopper asks, so that a tap made while the check is under way does not
   * take a signed-in shopper for a visitor.
   */
  whoIsHere: () => Promise<User | null>;
  signIn: (credential: string, password: string, code?: string) => Promise<User>;
  signUp: (input: SignupInput) => Promise<User>;
  signOut: () => Promise<void>;
}

export const createSessionSlice: StateCreator<Store, [], [], SessionSlice> = (set, get) => {
  let check: Promise<void> | undefined;
  // A new user never sees what the previous one left in the store.
  const become = (user: User | null) =>
    set((s) => ({ session: { ...s.session, user, loaded: true }, ...emptyShopperState() }));
  return {
    session: { user: null, demo: null, loaded: false },
    getSession: () => {
      check ??= api
        .getSession()
        .then(
          ({ user, demo }) => set((s) => ({ session: { ...s.session, user, demo: demo ?? null } })),
          () => undefined, // a failed check leaves the session unset
        )
        .finally(() => set((s) => ({ session: { ...s.session, loaded: true } })));
      return check;
    },
    whoIsHere: () => get().getSession().then(() => get().session.user),
    signIn: async (credential, password, code) => {
      const user = await api.signIn(credential, password, code);
      become(user);
      return user;
    },
    signUp: async (input) => {
      const user = await users.signUp(input);
      become(user);
      return user;
    },
    signOut: async () => {
      await api.signOut();
      become(null);
    },
  };
};

/** The signed-in account's role, or null for a visitor: what the back office shows depends on it. */
export const selectRole = (s: Store): Role | null => s.session.user?.role ?? null;
