import { useState } from 'react';
import { ApiError } from '../../api/client.ts';

/** What went wrong, in the server's words when it gave some. */
export function problemOf(error: unknown): string {
  if (error instanceof ApiError) return error.status === 403 ? "Your account isn't allowed to make that change." : error.message;
  return "We couldn't reach the store. Please try again.";
}

/**
 * The server's own lines when it gave some (a refused upload's `errors`), else problemOf's
 * sentence; a 403 always says that the account may not.
 */
export function serverLine(error: unknown): string {
  if (error instanceof ApiError && error.status !== 403 && error.errors.length > 0) return error.errors.join(' ');
  return problemOf(error);
}

/** The server's lines for a failed save: its rule messages one per line, else its one message. */
export const linesOf = (error: unknown): string[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors : [problemOf(error)];

/**
 * A row's write (move an order, hide a review...): which row is busy, so its buttons
 * wait, and the last failure, named after its row, for one alert above the table.
 */
export function useAction() {
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const run = <T>(id: number, label: string, write: () => Promise<T>, done: (answer: T) => void) => {
    setBusy(id);
    setProblem('');
    write().then(
      (answer) => {
        setBusy(null);
        done(answer);
      },
      (error: unknown) => {
        setBusy(null);
        setProblem(`${label}: ${problemOf(error)}`);
      },
    );
  };
  return { busy, problem, run };
}
