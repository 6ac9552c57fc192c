import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { moved } from './pictureOrder.ts';

describe("a picture's move in the order", () => {
  test('one place earlier or later swaps it with its neighbour', () => {
    assert.deepEqual(moved([10, 20, 30, 40], 2, -1), [10, 30, 20, 40]);
    assert.deepEqual(moved([10, 20, 30, 40], 1, 1), [10, 30, 20, 40]);
  });

  test('to the first place: it becomes the main picture', () => {
    assert.deepEqual(moved([10, 20, 30], 1, -1), [20, 10, 30]);
  });

  test('a move off either end, or of no picture, leaves the order as it was', () => {
    assert.deepEqual(moved([10, 20, 30], 0, -1), [10, 20, 30]);
    assert.deepEqual(moved([10, 20, 30], 2, 1), [10, 20, 30]);
    assert.deepEqual(moved([10, 20, 30], 5, -1), [10, 20, 30]);
    assert.deepEqual(moved([], 0, 1), []);
  });

  test('a new list, every id once: a permutation, as the server asks', () => {
    const before = [1, 2, 3, 4, 5];
    const after = moved(before, 3, -1);
    assert.notEqual(after, before);
    assert.deepEqual(before, [1, 2, 3, 4, 5]);
    assert.deepEqual([...after].sort(), before);
  });
});
