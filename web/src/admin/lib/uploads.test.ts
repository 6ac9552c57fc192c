import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvFileProblem, fileSize, MAX_CSV_BYTES, MAX_PICTURE_BYTES, percent, pictureFileProblem } from './uploads.ts';

const MB = 1024 * 1024;

describe('a picture chosen for a product, before it is sent', () => {
  test('a PNG, JPEG or WebP of at most 10 MB may go', () => {
    assert.equal(pictureFileProblem({ name: 'front.png', size: 20_000, type: 'image/png' }), undefined);
    assert.equal(pictureFileProblem({ name: 'side.jpg', size: MAX_PICTURE_BYTES, type: 'image/jpeg' }), undefined);
    assert.equal(pictureFileProblem({ name: 'back.webp', size: 1, type: 'image/webp' }), undefined);
  });

  test('one byte over 10 MB is refused, saying its size and the limit', () => {
    assert.equal(
      pictureFileProblem({ name: 'huge.png', size: MAX_PICTURE_BYTES + 1, type: 'image/png' }),
      'huge.png is 10.1 MB; a picture can be at most 10 MB.',
    );
    assert.equal(
      pictureFileProblem({ name: 'huge.jpg', size: 12.4 * MB, type: 'image/jpeg' }),
      'huge.jpg is 12.4 MB; a picture can be at most 10 MB.',
    );
  });

  test('another kind of file, or an empty one, is refused', () => {
    assert.equal(pictureFileProblem({ name: 'logo.gif', size: 100, type: 'image/gif' }), "logo.gif isn't a PNG, JPEG or WebP picture.");
    assert.equal(pictureFileProblem({ name: 'notes.txt', size: 100, type: 'text/plain' }), "notes.txt isn't a PNG, JPEG or WebP picture.");
    assert.equal(pictureFileProblem({ name: 'blank.png', size: 0, type: 'image/png' }), 'blank.png is empty.');
  });

  test("a type the browser doesn't know is judged by the name", () => {
    assert.equal(pictureFileProblem({ name: 'FRONT.JPEG', size: 100, type: '' }), undefined);
    assert.equal(pictureFileProblem({ name: 'front', size: 100, type: '' }), "front isn't a PNG, JPEG or WebP picture.");
  });
});

describe('a CSV file chosen for an import, before it is sent', () => {
  test('a .csv of at most 768 MB may go, whatever type the browser gives it', () => {
    assert.equal(csvFileProblem({ name: 'catalog.csv', size: 5_000, type: 'text/csv' }), undefined);
    assert.equal(csvFileProblem({ name: 'Catalog.CSV', size: MAX_CSV_BYTES, type: 'application/vnd.ms-excel' }), undefined);
    assert.equal(csvFileProblem({ name: 'export', size: 5_000, type: 'text/csv' }), undefined);
  });

  test('another file, an empty one or one over 768 MB is refused', () => {
    assert.equal(csvFileProblem({ name: 'catalog.xlsx', size: 5_000, type: '' }), "catalog.xlsx isn't a CSV file (a name ending in .csv).");
    assert.equal(csvFileProblem({ name: 'empty.csv', size: 0, type: 'text/csv' }), 'empty.csv is empty.');
    assert.equal(csvFileProblem({ name: 'all.csv', size: 800 * MB, type: 'text/csv' }), 'all.csv is 800 MB; an import can be at most 768 MB.');
  });
});

describe('sizes and progress as people read them', () => {
  test('megabytes to a tenth, kilobytes under one megabyte', () => {
    assert.equal(fileSize(10 * MB), '10 MB');
    assert.equal(fileSize(2.44 * MB), '2.4 MB');
    assert.equal(fileSize(1536 * MB), '1,536 MB');
    assert.equal(fileSize(512 * 1024), '512 KB');
    assert.equal(fileSize(10), '1 KB');
  });

  test('rounded up, a size just over a limit never reads as the limit', () => {
    assert.equal(fileSize(10 * MB + 1, Math.ceil), '10.1 MB');
    assert.equal(fileSize(10 * MB, Math.ceil), '10 MB');
  });

  test('a share sent as a whole percentage, kept between 0 and 100', () => {
    assert.equal(percent(0), '0%');
    assert.equal(percent(0.456), '46%');
    assert.equal(percent(1), '100%');
    assert.equal(percent(1.2), '100%');
  });
});
