import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { orderLine } from '../../../test/fixtures.ts';
import {
  AMOUNT,
  amountMessage,
  emptyRefund,
  fieldOfRefundMessage,
  refundInput,
  refundMessages,
  restockable,
  restockLabel,
  sortRefundErrors,
  submitLabel,
  tooMuch,
  upTo,
} from './refundRules.ts';

describe('the amount (more than $0.00, at most two decimals, at most what is left)', () => {
  test('accepts cents, whole dollars, typed dollars and exactly what is left', () => {
    for (const amount of ['10', '10.00', '0.01', '$10.5', ' 7.25 ', '59.99', '1,000']) assert.equal(amountMessage(amount, 1000), undefined, amount);
    assert.equal(amountMessage('59.99', 59.99), undefined);
  });

  test("says the server's words for each broken rule", () => {
    assert.equal(amountMessage('', 50), 'Please enter an amount greater than $0.00.');
    assert.equal(amountMessage('0', 50), AMOUNT.missing);
    assert.equal(amountMessage('-5', 50), AMOUNT.missing);
    assert.equal(amountMessage('1.999', 50), 'An amount has at most two decimals.');
    assert.equal(amountMessage('0.001', 50), AMOUNT.decimals, 'decimals are checked before the minimum, as on the server');
    assert.equal(amountMessage('12.51', 12.5), 'That is more than can be refunded: $12.50 is left.');
    assert.equal(amountMessage('1', 0), tooMuch(0), 'nothing left: any amount is too much');
  });

  test('text that is no number is named', () => {
    assert.equal(amountMessage('ten', 50), AMOUNT.notNumber);
    assert.equal(amountMessage('1.2.3', 50), AMOUNT.notNumber);
  });

  test('forgives floating point as the server does: 0.1 + 0.2 is 30 cents', () => {
    assert.equal(amountMessage(String(0.1 + 0.2), 50), undefined);
    assert.equal(amountMessage('0.30', 0.3), undefined);
    assert.equal(amountMessage('0.305', 50), AMOUNT.decimals);
  });

  test('the hint says what is left', () => {
    assert.equal(upTo(1234.5), 'Up to $1,234.50 can be refunded.');
  });
});

describe('the form', () => {
  test('an empty form asks for an amount and a reason', () => {
    assert.deepEqual(refundMessages(emptyRefund, 20), {
      amount: 'Please enter an amount greater than $0.00.',
      reason: 'Please give a reason for the refund.',
    });
  });

  test('a reason is 1 to 200 characters once its padding is set aside', () => {
    const valid = { amount: '10', reason: 'Damaged in transit' };
    assert.deepEqual(refundMessages(valid, 20), {});
    assert.equal(refundMessages({ ...valid, reason: '   ' }, 20).reason, 'Please give a reason for the refund.');
    assert.equal(refundMessages({ ...valid, reason: 'x'.repeat(200) }, 20).reason, undefined);
    assert.equal(refundMessages({ ...valid, reason: 'x'.repeat(201) }, 20).reason, 'A reason is at most 200 characters.');
  });

  test('the submit button names the amount once it can be sent', () => {
    assert.equal(submitLabel({ amount: '10', reason: '' }, 20), 'Refund $10.00');
    assert.equal(submitLabel({ amount: '$1,000.5', reason: '' }, 5000), 'Refund $1,000.50');
    assert.equal(submitLabel({ amount: '', reason: '' }, 20), 'Refund');
    assert.equal(submitLabel({ amount: '30', reason: '' }, 20), 'Refund', 'more than is left');
  });

  test('what a refund sends: dollars, the reason trimmed, each line to restock once as one unit', () => {
    assert.deepEqual(refundInput({ amount: '$10.10', reason: ' Damaged in transit ' }, [12, 14]), {
      amount: 10.1,
      reason: 'Damaged in transit',
      restock: [
        { lineId: 12, quantity: 1 },
        { lineId: 14, quantity: 1 },
      ],
    });
    assert.deepEqual(refundInput({ amount: '0.30', reason: 'Late' }, []), { amount: 0.3, reason: 'Late' }, 'no restock: left out');
  });
});

describe("the order's lines", () => {
  test('only lines whose unit is still out may go back to stock', () => {
    const lines = [orderLine(12, 51), orderLine(13, 52, { restocked: true }), orderLine(14, 51)];
    assert.deepEqual(
      restockable(lines).map((l) => l.lineId),
      [12, 14],
    );
  });

  test('a line is named by its product, its options and its price', () => {
    assert.equal(restockLabel(orderLine(12, 51, { name: 'Headphones', price: 199.99 })), 'Headphones, $199.99');
    const tee = orderLine(13, 25, {
      name: 'Crew-neck tee',
      price: 12,
      options: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Navy' },
      ],
    });
    assert.equal(restockLabel(tee), 'Crew-neck tee (Size: M · Colour: Navy), $12.00');
  });
});

describe("the server's lines", () => {
  test('each goes to the field it is about, by its exact words; the rest to the form', () => {
    assert.equal(fieldOfRefundMessage('An amount has at most two decimals.'), 'amount');
    assert.equal(fieldOfRefundMessage('A reason is at most 200 characters.'), 'reason');
    assert.equal(fieldOfRefundMessage('Line 12 is not a line of this order.'), undefined);
    assert.deepEqual(
      sortRefundErrors([
        'Please enter an amount greater than $0.00.',
        'Please give a reason for the refund.',
        'Line 12 is not a line of this order.',
        'Line 13 is not a line of this order.',
      ]),
      {
        fields: { amount: 'Please enter an amount greater than $0.00.', reason: 'Please give a reason for the refund.' },
        other: ['Line 12 is not a line of this order.', 'Line 13 is not a line of this order.'],
      },
    );
  });
});
