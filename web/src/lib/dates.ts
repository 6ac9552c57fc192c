// The formatters are made on first use, not when the app loads: the first Intl formatter
// a page makes costs tens of milliseconds, which only the screens that show dates pay.
let long: Intl.DateTimeFormat | undefined;
let short: Intl.DateTimeFormat | undefined;

/** "November 21, 2026" from an ISO 8601 time. */
export const formatDate = (iso: string): string =>
  (long ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })).format(new Date(iso));

/** "Nov 21, 2026" from an ISO 8601 time. */
export const formatShortDate = (iso: string): string =>
  (short ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })).format(new Date(iso));
