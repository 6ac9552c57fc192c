import { post } from './client.ts';
import type { SessionUser, SignupInput } from './types.ts';

export const signUp = (input: SignupInput) => post<{ user: SessionUser }>('/api/users', input).then((r) => r.user);
