import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PaymentStatus } from '../api/types.ts';
import { paidWith, paymentStatusWords } from './payments.ts';

describe('how an order was paid', () => {
  test('the RedCard by its name, any other card by its brand and last four digits', () => {
    assert.equal(paidWith({ method: 'redcard', brand: 'RedCard', last4: '4821', status: 'paid' }), 'RedCard debit ending in 4821');
    assert.equal(paidWith({ method: 'card', brand: 'Visa', last4: '4242', status: 'authorized' }), 'Visa ending in 4242');
    assert.equal(
      paidWith({ method: 'card', brand: 'American Express', last4: '0005', status: 'paid' }),
      'American Express ending in 0005',
    );
  });

  test('every payment status in words', () => {
    const statuses: PaymentStatus[] = ['authorized', 'paid', 'partially_refunded', 'refunded', 'voided'];
    assert.deepEqual(statuses.map(paymentStatusWords), ['Authorized', 'Paid', 'Partially refunded', 'Refunded', 'Voided']);
  });
});
