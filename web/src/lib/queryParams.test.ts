import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { idParam, oneOf, pageParam, withParams } from './queryParams.ts';

describe("a list's address", () => {
  test('a new filter replaces its value and starts again at page 1', () => {
    assert.equal(withParams('?q=lamp&page=3', { stock: 'low' }), '?q=lamp&stock=low');
    assert.equal(withParams('?q=lamp', { q: 'desk lamp' }), '?q=desk+lamp');
  });

  test('an empty value removes its key; page 1 is the address without a page', () => {
    assert.equal(withParams('?q=lamp&stock=low', { q: '' }), '?stock=low');
    assert.equal(withParams('?q=lamp&page=2', { page: 1 }), '?q=lamp');
    assert.equal(withParams('?q=lamp', { page: 2 }), '?q=lamp&page=2');
    assert.equal(withParams('?stock=out', { stock: undefined }), '');
  });

  test('odd values in a hand-edited address are ignored', () => {
    assert.equal(pageParam(new URLSearchParams('page=0')), 1);
    assert.equal(pageParam(new URLSearchParams('page=2.5')), 1);
    assert.equal(pageParam(new URLSearchParams('page=4')), 4);
    assert.equal(oneOf('archived', ['active', 'archived']), 'archived');
    assert.equal(oneOf('gone', ['active', 'archived']), undefined);
    assert.equal(idParam('12'), 12);
    assert.equal(idParam('x'), undefined);
    assert.equal(idParam(null), undefined);
  });
});
