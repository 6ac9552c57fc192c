// The summary's days start at midnight UTC (src/api/admin/summary.rs): shown in UTC, so a
// day is not labelled with its neighbour's date west of Greenwich. Made on first use.
let format: Intl.DateTimeFormat | undefined;

/** "Nov 21" for a day of the summary. */
export const dayLabel = (iso: string): string =>
  (format ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(new Date(iso));

let time: Intl.DateTimeFormat | undefined;

/** "Nov 21, 2026, 3:04 PM" for a moment in a table (orders, the audit log), in the viewer's time. */
export const momentLabel = (iso: string): string =>
  (time ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));

let dateOnly: Intl.DateTimeFormat | undefined;
let timeOnly: Intl.DateTimeFormat | undefined;

/** "Nov 21, 2026" and "3:04 PM" of a moment, in the viewer's time: a moment on two lines of a narrow column. */
export const momentLines = (iso: string): [string, string] => {
  const at = new Date(iso);
  dateOnly ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  timeOnly ??= new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
  return [dateOnly.format(at), timeOnly.format(at)];
};
