import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDate, formatShortDate } from './dates.ts';

describe('dates', () => {
  test('write what Intl.DateTimeFormat writes in en-US, every day of a leap year', () => {
    const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let day = 0; day < 366; day++) {
      const at = new Date(Date.UTC(2028, 0, 1, 12) + day * 86_400_000);
      const iso = at.toISOString();
      assert.equal(formatDate(iso), long.format(at));
      assert.equal(formatShortDate(iso), short.format(at));
    }
  });
});
