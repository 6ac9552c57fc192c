import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AdminPromotion } from '../../../api/types.ts';
import {
  canEndNow,
  discountLabel,
  editMessages,
  emptyPromotion,
  endNow,
  isoToLocal,
  localToIso,
  minimumLabel,
  PROMOTION,
  promotionChanges,
  promotionEditValues,
  promotionInput,
  promotionMessages,
  promotionStatus,
  usesLabel,
  type PromotionValues,
} from './promotionRules.ts';

const spring: AdminPromotion = {
  id: 7,
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  minSubtotal: 20,
  startsAt: '2027-03-01T00:00:00Z',
  endsAt: '2027-04-01T00:00:00Z',
  usageLimit: 500,
  oncePerShopper: true,
  uses: 4,
  createdAt: '2027-02-01T12:00:00Z',
};

const at = (iso: string) => Date.parse(iso);

describe('how a code reads', () => {
  test('its discount, minimum and uses', () => {
    assert.equal(discountLabel({ kind: 'percent', value: 10 }), '10% off');
    assert.equal(discountLabel({ kind: 'amount', value: 5 }), '$5.00 off');
    assert.equal(discountLabel({ kind: 'amount', value: 1250.5 }), '$1,250.50 off');
    assert.equal(minimumLabel(0), 'None');
    assert.equal(minimumLabel(20), '$20.00');
    assert.equal(usesLabel({ uses: 4, usageLimit: 500 }), '4 of 500');
    assert.equal(usesLabel({ uses: 1200, usageLimit: null }), '1,200, no limit');
  });

  test('its status at a moment: scheduled before its start, ended from its end, used up at its limit', () => {
    assert.equal(promotionStatus(spring, at('2027-02-28T23:59:59Z')), 'scheduled');
    assert.equal(promotionStatus(spring, at('2027-03-01T00:00:00Z')), 'active');
    assert.equal(promotionStatus(spring, at('2027-03-31T23:59:59Z')), 'active');
    assert.equal(promotionStatus(spring, at('2027-04-01T00:00:00Z')), 'ended', 'its end is already past');
    assert.equal(promotionStatus({ ...spring, uses: 500 }, at('2027-03-15T00:00:00Z')), 'usedUp');
    assert.equal(promotionStatus({ ...spring, uses: 500 }, at('2027-05-01T00:00:00Z')), 'ended', 'ended before used up, as the server refuses');
    assert.equal(promotionStatus({ ...spring, startsAt: null, endsAt: null, usageLimit: null }, 0), 'active');
  });

  test('End now is offered only to a code that has started and not ended', () => {
    assert.equal(canEndNow('active'), true);
    assert.equal(canEndNow('usedUp'), true);
    assert.equal(canEndNow('scheduled'), false, 'it would end before it starts');
    assert.equal(canEndNow('ended'), false);
    assert.deepEqual(endNow(new Date('2027-03-10T08:00:00.123Z')), { endsAt: '2027-03-10T08:00:00.123Z' });
  });
});

describe("a datetime-local input's value and the server's moments", () => {
  test('a local time becomes the same moment in UTC, whatever the time zone', () => {
    assert.equal(localToIso('2027-03-01T09:30'), new Date(2027, 2, 1, 9, 30).toISOString().replace('.000Z', 'Z'));
    assert.match(localToIso('2027-03-01T09:30') ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
    assert.equal(localToIso(''), undefined);
    assert.equal(localToIso('next week'), undefined);
    assert.equal(localToIso('2027-13-45T99:99'), undefined);
  });

  test('and back, to the minute', () => {
    for (const local of ['2027-03-01T09:30', '2026-12-31T23:59', '2027-07-04T00:00']) assert.equal(isoToLocal(localToIso(local)), local);
    assert.equal(isoToLocal(null), '');
    assert.equal(isoToLocal(undefined), '');
    assert.equal(isoToLocal(new Date(2027, 2, 1, 9, 30, 45).toISOString()), '2027-03-01T09:30', 'seconds are dropped');
  });
});

const filled: PromotionValues = {
  code: ' spring-10 ',
  kind: 'percent',
  value: '10',
  minSubtotal: '20',
  startsAt: '2027-03-01T00:00',
  endsAt: '2027-04-01T00:00',
  usageLimit: '500',
  oncePerShopper: 'yes',
};

describe("a new code's form", () => {
  test('a complete code has no messages; an empty one asks for its code and value', () => {
    assert.deepEqual(promotionMessages(filled), {});
    assert.deepEqual(promotionMessages(emptyPromotion), { code: 'A code must be at least 3 characters.', value: PROMOTION.valueRequired });
  });

  test("each field's rule, in the server's words", () => {
    const m = (v: Record<string, string>) => promotionMessages({ ...filled, ...v });
    assert.equal(m({ code: 'NO SPACE' }).code, "A code holds only letters, digits and '-'.");
    assert.equal(m({ code: 'X'.repeat(33) }).code, 'A code must be at most 32 characters.');
    assert.equal(m({ value: '10.5' }).value, PROMOTION.percent);
    assert.equal(m({ value: '101' }).value, PROMOTION.percent);
    assert.equal(m({ kind: 'amount', value: '10.5' }).value, undefined);
    assert.equal(m({ kind: 'amount', value: '0' }).value, 'An amount off is more than $0.00 and at most $100,000.00.');
    assert.equal(m({ kind: 'amount', value: '5.555' }).value, 'An amount off has at most two decimals.');
    assert.equal(m({ minSubtotal: '-1' }).minSubtotal, 'A minimum subtotal is from $0.00 to $1,000,000.00.');
    assert.equal(m({ usageLimit: '0' }).usageLimit, PROMOTION.usageLimit);
    assert.equal(m({ usageLimit: '2.5' }).usageLimit, PROMOTION.usageLimit);
    assert.equal(m({ endsAt: '2027-03-01T00:00' }).endsAt, PROMOTION.endsAfterStarts);
    assert.equal(m({ startsAt: 'soon' }).startsAt, PROMOTION.badDate);
  });

  test('what it sends: the code in capitals, dates in UTC, empty fields left to the defaults', () => {
    assert.deepEqual(promotionInput(filled), {
      code: 'SPRING-10',
      kind: 'percent',
      value: 10,
      minSubtotal: 20,
      startsAt: localToIso('2027-03-01T00:00'),
      endsAt: localToIso('2027-04-01T00:00'),
      usageLimit: 500,
      oncePerShopper: true,
    });
    assert.deepEqual(promotionInput({ ...emptyPromotion, code: 'take5', kind: 'amount', value: '$5' }), {
      code: 'TAKE5',
      kind: 'amount',
      value: 5,
      oncePerShopper: false,
    });
  });
});

describe("a saved code's edit form", () => {
  test('shows its changeable fields and sends only what changed', () => {
    const values = promotionEditValues(spring);
    assert.equal(values.startsAt, isoToLocal('2027-03-01T00:00:00Z'));
    assert.deepEqual(promotionChanges(spring, values), {});
    assert.deepEqual(promotionChanges(spring, { ...values, usageLimit: '', endsAt: '' }), { usageLimit: null, endsAt: null });
    assert.deepEqual(promotionChanges(spring, { ...values, usageLimit: '600', oncePerShopper: '', minSubtotal: '' }), {
      usageLimit: 600,
      oncePerShopper: false,
      minSubtotal: 0,
    });
    const later = isoToLocal('2027-05-01T00:00:00Z');
    assert.deepEqual(promotionChanges(spring, { ...values, endsAt: later }), { endsAt: '2027-05-01T00:00:00Z' });
  });

  test('a date left alone keeps its seconds: it is not sent', () => {
    const ended = { ...spring, endsAt: '2027-03-10T08:00:27.512Z' };
    assert.deepEqual(promotionChanges(ended, { ...promotionEditValues(ended), usageLimit: '9' }), { usageLimit: 9 });
  });

  test('the limit is never below its uses so far', () => {
    const rules = editMessages(4);
    assert.equal(rules({ ...promotionEditValues(spring), usageLimit: '3' }).usageLimit, 'The limit cannot be below the 4 uses so far.');
    assert.equal(rules({ ...promotionEditValues(spring), usageLimit: '4' }).usageLimit, undefined);
    assert.equal(editMessages(1)({ ...promotionEditValues(spring), usageLimit: '0' }).usageLimit, PROMOTION.usageLimit);
    assert.deepEqual(rules({ ...promotionEditValues(spring), code: '' }), {}, 'the code is not the edit form’s');
  });
});
