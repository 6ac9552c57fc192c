/** A value as the log shows it: text as it is, anything else as JSON. */
const shown = (value: unknown): string => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * One line per changed field, "stock: 681 → 4"; a creation (nothing before) lists the new
 * values, "role: viewer". The log keeps only the fields a change touched.
 */
export function auditLines(before: unknown, after: unknown): string[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const created = before === null || before === undefined;
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return keys.map((key) => (created ? `${key}: ${shown(now[key])}` : `${key}: ${shown(old[key])} → ${shown(now[key])}`));
}
