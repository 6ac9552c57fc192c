// Counts by hand rather than with Intl.NumberFormat, whose first use on a page costs tens
// of milliseconds of the first paint (see money.ts).

/** A whole number with its thousands grouped: 76923 → "76,923". */
export const grouped = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count as the store shows it: 76,923. */
export const formatCount = (n: number) => grouped(n);

/** "1 result", "76,923 results". */
export const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
