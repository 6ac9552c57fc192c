// What the import page says of an import: its problems, its progress, its result.
import type { ImportProblem, ProductImport } from '../../api/adminFiles.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The first line of a refused import. The rows are counted from the problems listed; when
 * the server listed only some of them (at most 1000), the count is of those rows, a floor.
 */
export function problemsHeadline(problems: readonly ImportProblem[], problemCount: number): string {
  const rows = new Set(problems.map((p) => p.row)).size;
  const all = problemCount <= problems.length;
  const atLeast = all ? '' : 'At least ';
  if (rows === 1 && all) return `1 row has ${problemCount === 1 ? 'a problem' : 'problems'}; nothing was changed.`;
  return `${atLeast}${count(rows)} rows have problems; nothing was changed.`;
}

/** Under the headline when the list is cut short; '' when every problem is listed. */
export function problemsListed(shown: number, problemCount: number): string {
  return problemCount > shown ? `The first ${count(shown)} of ${count(problemCount)} problems are listed.` : '';
}

/** The second bar's label while the server applies an import. */
export const appliedLine = (job: ProductImport) => `Applied ${count(job.applied)} of ${count(job.rows)} rows`;

/** A finished import's line: created N, updated M. */
export function resultLine(job: ProductImport): string {
  const products = (n: number) => `${count(n)} ${n === 1 ? 'product' : 'products'}`;
  return `Import finished: created ${products(job.created)}, updated ${products(job.updated)}.`;
}

/**
 * A failed import's line. The server drops an import before its first row is applied
 * (docs/rules.md#the-catalog-as-csv), so a failed one changed nothing; its message says why.
 */
export function stoppedLine(job: ProductImport): string {
  const why = job.message ? ` ${job.message}` : '';
  return `The import was not applied; nothing was changed.${why}`;
}
