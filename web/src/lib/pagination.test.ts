import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageItems } from './pagination.ts';

describe('pageItems', () => {
  test('few pages are all shown', () => {
    assert.deepEqual(pageItems(1, 1), [1]);
    assert.deepEqual(pageItems(2, 5), [1, 2, 3, 4, 5]);
    assert.deepEqual(pageItems(4, 7), [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(pageItems(1, 7), [1, 2, 3, 'gap', 7]);
  });

  test('the first, the last and two either side of the current page, with gaps', () => {
    assert.deepEqual(pageItems(1, 1603), [1, 2, 3, 'gap', 1603]);
    assert.deepEqual(pageItems(50, 1603), [1, 'gap', 48, 49, 50, 51, 52, 'gap', 1603]);
    assert.deepEqual(pageItems(1603, 1603), [1, 'gap', 1601, 1602, 1603]);
  });

  test('a gap never hides just one page', () => {
    assert.deepEqual(pageItems(5, 20), [1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
    assert.deepEqual(pageItems(4, 20), [1, 2, 3, 4, 5, 6, 'gap', 20]);
    assert.deepEqual(pageItems(16, 20), [1, 'gap', 14, 15, 16, 17, 18, 19, 20]);
  });

  test('a phone shows one page either side', () => {
    assert.deepEqual(pageItems(50, 1603, 1), [1, 'gap', 49, 50, 51, 'gap', 1603]);
    assert.deepEqual(pageItems(3, 20, 1), [1, 2, 3, 4, 'gap', 20]);
  });

  test('a page out of range is treated as the nearest one; no pages is one page', () => {
    assert.deepEqual(pageItems(99, 3), [1, 2, 3]);
    assert.deepEqual(pageItems(0, 0), [1]);
  });
});
