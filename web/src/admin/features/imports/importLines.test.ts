import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProductImport } from '../../api/adminFiles.ts';
import { appliedLine, problemsHeadline, problemsListed, resultLine, stoppedLine } from './importLines.ts';

const problem = (row: number, column = 'price') => ({ row, column, message: 'A price is a number of dollars, such as 24.99.' });

const job = (fields: Partial<ProductImport>): ProductImport => ({
  id: 7,
  status: 'applying',
  rows: 1_200_000,
  applied: 0,
  created: 0,
  updated: 0,
  startedAt: '2026-05-01T10:00:00Z',
  finishedAt: null,
  message: null,
  ...fields,
});

describe("a refused import's headline", () => {
  test('counts rows, not problems: a row with two bad cells is one row', () => {
    assert.equal(problemsHeadline([problem(4), problem(4, 'stock'), problem(9)], 3), '2 rows have problems; nothing was changed.');
  });

  test('one row, with one problem or several', () => {
    assert.equal(problemsHeadline([problem(4)], 1), '1 row has a problem; nothing was changed.');
    assert.equal(problemsHeadline([problem(4), problem(4, 'stock')], 2), '1 row has problems; nothing was changed.');
  });

  test('when the list is cut short, the rows it shows are a floor', () => {
    const listed = Array.from({ length: 1000 }, (_, i) => problem(i + 2));
    assert.equal(problemsHeadline(listed, 5321), 'At least 1,000 rows have problems; nothing was changed.');
    assert.equal(problemsListed(1000, 5321), 'The first 1,000 of 5,321 problems are listed.');
  });

  test('nothing more to say when every problem is listed', () => {
    assert.equal(problemsListed(3, 3), '');
  });
});

describe("an import's progress and result", () => {
  test("the second bar's label: rows applied of the file's", () => {
    assert.equal(appliedLine(job({ applied: 45_000 })), 'Applied 45,000 of 1,200,000 rows');
  });

  test('the result: created N, updated M', () => {
    assert.equal(resultLine(job({ status: 'done', created: 2, updated: 1 })), 'Import finished: created 2 products, updated 1 product.');
    assert.equal(resultLine(job({ status: 'done', created: 0, updated: 1_500 })), 'Import finished: created 0 products, updated 1,500 products.');
  });

  test('a failed import: where it stopped, and why in the server\'s words', () => {
    assert.equal(
      stoppedLine(job({ status: 'failed', applied: 0, rows: 0, message: 'The server stopped while checking the file; nothing was changed.' })),
      'The import was not applied; nothing was changed. The server stopped while checking the file; nothing was changed.',
    );
    assert.equal(stoppedLine(job({ status: 'failed', applied: 0, rows: 10 })), 'The import was not applied; nothing was changed.');
  });
});
