import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AdminShippingMethod } from '../../../api/types.ts';
import {
  emptyMethod,
  emptyRate,
  freeOverLabel,
  methodChanges,
  methodInput,
  methodMessages,
  methodValues,
  PRICE_REQUIRED,
  RATE,
  rateLabel,
  rateMessage,
  rateMessages,
  removeQuestion,
  shippingPrice,
  stateOption,
  type MethodValues,
} from './shippingRules.ts';

const express: AdminShippingMethod = {
  id: 2,
  name: 'Express',
  price: 14.99,
  freeOver: 150,
  days: '1-2',
  isDefault: false,
  archivedAt: null,
  orders: 0,
};

const typed: MethodValues = { name: 'Express', price: '14.99', freeOver: '150', days: '1-2' };

describe("a shipping method's form", () => {
  test('a complete method has no messages, and an empty one asks for its name, price and days', () => {
    assert.deepEqual(methodMessages(typed), {});
    assert.deepEqual(methodMessages({ ...typed, freeOver: '' }), {}, 'never free is allowed');
    assert.deepEqual(methodMessages(emptyMethod), {
      name: 'Please give the shipping method a name.',
      price: PRICE_REQUIRED,
      days: 'Please say how many days it takes, like 3-5.',
    });
  });

  test("the server's words for a price and a free-over sum out of bounds", () => {
    assert.equal(methodMessages({ ...typed, price: '0' }).price, undefined, '$0 is a free method');
    assert.equal(methodMessages({ ...typed, price: '10000.01' }).price, 'A shipping price is from $0.00 to $10,000.00.');
    assert.equal(methodMessages({ ...typed, price: '-1' }).price, 'A shipping price is from $0.00 to $10,000.00.');
    assert.equal(methodMessages({ ...typed, price: '4.999' }).price, 'A shipping price has at most two decimals.');
    assert.equal(methodMessages({ ...typed, price: 'free' }).price, 'A shipping price is a number of dollars, such as 4.99.');
    assert.equal(methodMessages({ ...typed, freeOver: '1000000.01' }).freeOver, '“Free over” is from $0.00 to $1,000,000.00, or empty for never free.');
    assert.equal(methodMessages({ ...typed, days: 'x'.repeat(21) }).days, 'How many days it takes must be at most 20 characters.');
  });

  test('a new method: trimmed and typed, an empty free-over sum never free', () => {
    assert.deepEqual(methodInput({ name: ' Courier ', price: '$1,024.50', freeOver: ' ', days: ' 2-3 ' }, true), {
      name: 'Courier',
      price: 1024.5,
      freeOver: null,
      days: '2-3',
      isDefault: true,
    });
  });

  test('a change sends only what differs, and null for a free-over sum emptied', () => {
    assert.deepEqual(methodValues(express), { name: 'Express', price: '14.99', freeOver: '150.00', days: '1-2' });
    assert.deepEqual(methodChanges(express, methodValues(express)), {});
    assert.deepEqual(methodChanges(express, { ...methodValues(express), price: '12.5', freeOver: '' }), { price: 12.5, freeOver: null });
    assert.deepEqual(methodChanges({ ...express, freeOver: null }, { ...typed, freeOver: '' }), {});
    assert.deepEqual(methodChanges(express, { ...typed, name: 'Express ', days: '1-3' }), { days: '1-3' });
  });
});

describe('how a method reads', () => {
  test('its price and free-over sum', () => {
    assert.equal(shippingPrice(0), 'Free');
    assert.equal(shippingPrice(14.99), '$14.99');
    assert.equal(freeOverLabel(null), 'Never');
    assert.equal(freeOverLabel(undefined), 'Never');
    assert.equal(freeOverLabel(1500), 'From $1,500.00');
  });

  test("Remove says whether it deletes the method or archives it for its orders", () => {
    assert.equal(removeQuestion(express), 'Delete “Express”? No order has used it, so it goes for good.');
    assert.match(removeQuestion({ ...express, orders: 1 }), /^Archive “Express”\? 1 order used it, so it is kept for them/);
    assert.match(removeQuestion({ ...express, orders: 1234 }), /^Archive “Express”\? 1,234 orders used it,/);
  });
});

describe('a tax rate', () => {
  test('a percent from 0 to 25 with at most three decimals', () => {
    for (const rate of ['8.25', '6.875', '0', '25', ' 7 ', '8.25%']) assert.equal(rateMessage(rate), undefined, rate);
    assert.equal(rateMessage(''), RATE.required);
    assert.equal(rateMessage('25.001'), RATE.outOfRange);
    assert.equal(rateMessage('-1'), RATE.outOfRange);
    assert.equal(rateMessage('1.0005'), RATE.decimals);
    assert.equal(rateMessage('eight'), RATE.notNumber);
  });

  test('a state must be chosen', () => {
    assert.deepEqual(rateMessages(emptyRate), { region: RATE.regionRequired, rate: RATE.required });
    assert.deepEqual(rateMessages({ region: 'TX', rate: '8.25' }), {});
  });

  test('how it reads, and how a state with one is offered', () => {
    assert.equal(rateLabel(8.25), '8.25%');
    assert.equal(rateLabel(6.875), '6.875%');
    assert.equal(rateLabel(0), '0%');
    assert.equal(rateLabel(7.1), '7.1%');
    const rates = [{ region: 'TX', rate: 8.25 }];
    assert.equal(stateOption('TX', rates), 'TX, Texas (now 8.25%)');
    assert.equal(stateOption('DC', rates), 'DC, District of Columbia');
  });
});
