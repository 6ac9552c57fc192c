// Written by hand rather than with Intl.DateTimeFormat, as money.ts and counts.ts are:
// the first Intl formatter a page makes costs tens of milliseconds, and the server's
// render of a page (src/server.tsx, in QuickJS) has no Intl at all. The day is the
// reader's own (the browser's time zone; the server's, UTC, for its render).
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 21, 2026" from an ISO 8601 time. */
export function formatDate(iso: string): string {
  const at = new Date(iso);
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

/** "Nov 21, 2026" from an ISO 8601 time. */
export function formatShortDate(iso: string): string {
  const at = new Date(iso);
  return `${MONTHS[at.getMonth()]!.slice(0, 3)} ${at.getDate()}, ${at.getFullYear()}`;
}
