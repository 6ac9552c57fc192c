const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "November 21, 2026" from an ISO 8601 time. */
export const formatDate = (iso: string): string => long.format(new Date(iso));

/** "Nov 21, 2026" from an ISO 8601 time. */
export const formatShortDate = (iso: string): string => short.format(new Date(iso));
