const whole = new Intl.NumberFormat('en-US');

/** A count as the store shows it: 76,923. */
export const formatCount = (n: number) => whole.format(n);

/** "1 result", "76,923 results". */
export const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
