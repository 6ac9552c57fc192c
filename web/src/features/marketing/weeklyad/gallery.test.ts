import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closedGallery, pageLabel, stepGallery, type GalleryAction } from './gallery.ts';

const run = (...actions: GalleryAction[]) => actions.reduce((s, a) => stepGallery(s, a, 4), closedGallery);

test('the gallery starts closed', () => {
  assert.equal(closedGallery.open, false);
});

test('opening shows the first page', () => {
  assert.deepEqual(run('open'), { open: true, page: 0 });
});

test('next and previous move one page', () => {
  assert.equal(run('open', 'next').page, 1);
  assert.equal(run('open', 'next', 'next', 'previous').page, 1);
});

test('paging wraps around at both ends', () => {
  assert.equal(run('open', 'next', 'next', 'next', 'next').page, 0);
  assert.equal(run('open', 'previous').page, 3);
});

test('closing hides the gallery, and reopening starts on the cover again', () => {
  assert.equal(run('open', 'next', 'close').open, false);
  assert.deepEqual(run('open', 'next', 'next', 'close', 'open'), { open: true, page: 0 });
});

test('the page indicator counts from one', () => {
  assert.equal(pageLabel(0, 4), 'Page 1 of 4');
  assert.equal(pageLabel(1, 4), 'Page 2 of 4');
  assert.equal(pageLabel(3, 4), 'Page 4 of 4');
});
