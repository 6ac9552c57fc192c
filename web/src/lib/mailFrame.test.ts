import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { linksOpenOnTop } from './mailFrame.ts';

describe("an inbox mail's links", () => {
  test('open in the whole window: a base target first in the head, without an address', () => {
    assert.equal(
      linksOpenOnTop('<!doctype html><html><head><meta charset="utf-8"></head><body><a href="https://x.test/">x</a></body></html>'),
      '<!doctype html><html><head><base target="_top"><meta charset="utf-8"></head><body><a href="https://x.test/">x</a></body></html>',
    );
  });

  test('a head with attributes, in any case, is found', () => {
    assert.equal(linksOpenOnTop('<HTML><HEAD lang="en"><title>t</title></HEAD></HTML>'), '<HTML><HEAD lang="en"><base target="_top"><title>t</title></HEAD></HTML>');
  });

  test('a mail without a head gets the base first', () => {
    assert.equal(linksOpenOnTop('<p>Hi</p>'), '<base target="_top"><p>Hi</p>');
  });

  test('a <header> is not taken for the head', () => {
    assert.equal(linksOpenOnTop('<header>Market</header>'), '<base target="_top"><header>Market</header>');
  });
});
