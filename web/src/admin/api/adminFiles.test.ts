import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fakeServer, ok } from '../../test/fakeFetch.ts';
import { answerOf, deleteProductImage, getImport, ImportRejected, listProductImages, reorderProductImages } from './adminFiles.ts';
import { ApiError } from '../../api/client.ts';

const images = { images: [{ id: 3, url: '/pictures/3.webp', background: '#fff' }] };

describe("an upload's answer (XMLHttpRequest's status and text)", () => {
  test('a 201 or 202 is its JSON', () => {
    assert.deepEqual(answerOf(201, JSON.stringify(images)), images);
    assert.deepEqual(answerOf(202, '{"id":4,"status":"applying"}'), { id: 4, status: 'applying' });
  });

  test("a refusal carries the server's errors, and its message or else its errors as the message", () => {
    assert.throws(
      () => answerOf(409, JSON.stringify({ errors: ['This product already has 12 pictures.'] })),
      (e: unknown) => e instanceof ApiError && e.status === 409 && e.message === 'This product already has 12 pictures.' && e.errors.length === 1,
    );
    assert.throws(
      () => answerOf(415, JSON.stringify({ message: 'Only PNG, JPEG or WebP.', errors: [] })),
      (e: unknown) => e instanceof ApiError && e.status === 415 && e.message === 'Only PNG, JPEG or WebP.',
    );
  });

  test('a refusal that is not JSON (a proxy page) still says what happened', () => {
    assert.throws(
      () => answerOf(413, '<html>Request Entity Too Large</html>'),
      (e: unknown) => e instanceof ApiError && e.status === 413 && e.message === 'That file is too big for the store.',
    );
  });

  test("a refused import's 400 lists its problems and counts them all", () => {
    const body = { errors: ['2 problems'], problems: [{ row: 4, column: 'price', message: 'Not a price.' }], problemCount: 2 };
    assert.throws(
      () => answerOf(400, JSON.stringify(body)),
      (e: unknown) =>
        e instanceof ImportRejected &&
        e instanceof ApiError &&
        e.status === 400 &&
        e.problemCount === 2 &&
        e.problems[0]?.row === 4 &&
        e.problems[0]?.column === 'price',
    );
  });

  test("a picture's 400 (not a picture) is a plain ApiError", () => {
    assert.throws(
      () => answerOf(400, JSON.stringify({ errors: ["That file isn't a picture."] })),
      (e: unknown) => e instanceof ApiError && !(e instanceof ImportRejected) && e.message === "That file isn't a picture.",
    );
  });
});

describe('the pictures and imports calls through the one client', () => {
  test('list, reorder (every id, in the new order) and delete', async () => {
    const server = fakeServer(ok(images), ok(images), ok(images));
    assert.deepEqual(await listProductImages(51), images);
    await reorderProductImages(51, [3, 1, 2]);
    await deleteProductImage(51, 2);
    assert.deepEqual(
      server.calls.map((c) => [c.method, c.url, c.body]),
      [
        ['GET', '/api/admin/products/51/images', undefined],
        ['PUT', '/api/admin/products/51/images', { imageIds: [3, 1, 2] }],
        ['DELETE', '/api/admin/products/51/images/2', undefined],
      ],
    );
    assert.equal(server.calls[1]?.headers['XSRF-Token'], 'abc');
  });

  test("an import's progress", async () => {
    const server = fakeServer(ok({ id: 9, status: 'done' }));
    await getImport(9);
    assert.equal(server.calls[0]?.url, '/api/admin/imports/9');
  });
});
