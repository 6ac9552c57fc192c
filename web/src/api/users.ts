import { post } from './client.ts';
import { signedInUser } from './session.ts';
import type { SessionUser, SignupInput } from './types.ts';

export const signUp = (input: SignupInput) => post<SessionUser>('/api/users', input).then(signedInUser);
