import assert from 'node:assert/strict';
import { test } from 'node:test';
import { showAccountButtons } from './accountButtons.ts';

test('a visitor is offered Sign in and Create account', () => {
  assert.equal(showAccountButtons(false), true);
});

test('a signed-in shopper is not', () => {
  assert.equal(showAccountButtons(true), false);
});
