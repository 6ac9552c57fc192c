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

/** "Nov 28, 3:05 PM" from an ISO 8601 time: a moment within the coming days. */
export function formatMoment(iso: string): string {
  const at = new Date(iso);
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[at.getMonth()]!.slice(0, 3)} ${at.getDate()}, ${clock}`;
}

/** "24 hours", "90 minutes", "2 days": a span of whole minutes as people say it. */
export function formatSpan(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 && minutes >= 2880
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
