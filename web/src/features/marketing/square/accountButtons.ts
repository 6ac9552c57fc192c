/** Market Square offers Sign in and Create account only to visitors (spec section 2). */
export const showAccountButtons = (signedIn: boolean): boolean => !signedIn;
