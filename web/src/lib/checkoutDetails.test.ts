import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ShippingMethod } from '../api/types.ts';
import { arrivesIn, businessDays, freeOverNote, methodPrice, methodSentence } from './checkoutDetails.ts';

const standard: ShippingMethod = { id: 1, name: 'Standard delivery', price: 0, freeOver: null, days: '2-4', isDefault: true };
const express: ShippingMethod = { id: 2, name: 'Express delivery', price: 12.5, freeOver: 75, days: '1-2', isDefault: false };

describe('how a shipping method reads', () => {
  test("the seeded method is the spec's sentence, word for word", () => {
    assert.equal(methodSentence(standard), 'Free standard delivery · arrives in 2-4 business days');
  });

  test('a paid method says its price, when it is free, and its days', () => {
    assert.equal(methodPrice(express), '$12.50');
    assert.equal(methodPrice(standard), 'Free');
    assert.equal(freeOverNote(express), 'Free on orders of $75.00 or more');
    assert.equal(freeOverNote(standard), undefined);
    assert.equal(freeOverNote({ price: 5, freeOver: null }), undefined);
    assert.equal(
      methodSentence(express),
      'Express delivery $12.50 (free on orders of $75.00 or more) · arrives in 1-2 business days',
    );
  });

  test('one day is a day; a name in capitals keeps them', () => {
    assert.equal(arrivesIn('1'), 'arrives in 1 business day');
    assert.equal(businessDays('3-5'), '3-5 business days');
    assert.equal(methodSentence({ ...standard, name: 'UPS Ground', days: '1' }), 'Free UPS Ground · arrives in 1 business day');
  });
});
