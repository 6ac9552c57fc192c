import { del, get, post } from './client.ts';
import type { SessionUser } from './types.ts';

type UserAnswer = { user: SessionUser | null };

/** The app's first call: it also gives the browser its anti-forgery cookie. */
export const getSession = () => get<UserAnswer>('/api/session').then((r) => r.user);

export const signIn = (credential: string, password: string) =>
  post<{ user: SessionUser }>('/api/session', { credential, password }).then((r) => r.user);

export const signOut = () => del<{ message: string }>('/api/session');
