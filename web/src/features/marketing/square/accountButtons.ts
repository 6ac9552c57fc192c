/** Market Square offers Sign in and Create account only to visitors (docs/rules.md#screens). */
export const showAccountButtons = (signedIn: boolean): boolean => !signedIn;
