import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDate, formatMoment, formatShortDate, formatSpan } from './dates.ts';

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

  test('write a moment as Intl.DateTimeFormat writes it in en-US, every quarter hour of a day', () => {
    const moment = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    for (let quarter = 0; quarter < 96; quarter++) {
      const at = new Date(2028, 1, 29, 0, quarter * 15);
      // Intl puts a narrow no-break space before AM and PM.
      assert.equal(formatMoment(at.toISOString()), moment.format(at).replace(/\s/g, ' '));
    }
  });

  test('say a span in the largest whole unit', () => {
    assert.equal(formatSpan(1440), '24 hours');
    assert.equal(formatSpan(60), '1 hour');
    assert.equal(formatSpan(90), '90 minutes');
    assert.equal(formatSpan(2880), '2 days');
    assert.equal(formatSpan(1), '1 minute');
  });
});
