import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { stateName, usStates } from './usStates.ts';

// The tests run from web/ (scripts/test.mjs), so the server's source is one folder up.
test("the regions are the server's, in its order (US_STATES, src/domain/addresses.rs)", () => {
  const source = readFileSync('../src/domain/addresses.rs', 'utf8');
  const list = /pub const US_STATES: &\[&str\] = &\[([^\]]*)\]/.exec(source);
  assert.ok(list, 'addresses.rs has its US_STATES');
  const server = [...(list[1] ?? '').matchAll(/"([A-Z]{2})"/g)].map((m) => m[1]);
  assert.deepEqual(
    usStates.map(([code]) => code),
    server,
  );
});

test("a state's name, and a code of none", () => {
  assert.equal(stateName('TX'), 'Texas');
  assert.equal(stateName('DC'), 'District of Columbia');
  assert.equal(stateName('ZZ'), 'ZZ');
});
