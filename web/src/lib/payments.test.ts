import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PaymentStatus } from '../api/types.ts';
import { payment, refund } from '../test/fixtures.ts';
import { paidWith, paymentStatusWords, refundedBy } from './payments.ts';

describe('how an order was paid', () => {
  test('the RedCard by its name, any other card by its brand and last four digits', () => {
    assert.equal(paidWith(payment()), 'RedCard debit ending in 4821');
    assert.equal(paidWith(payment({ method: 'card', brand: 'Visa', last4: '4242', status: 'authorized' })), 'Visa ending in 4242');
    assert.equal(paidWith(payment({ method: 'card', brand: 'American Express', last4: '0005' })), 'American Express ending in 0005');
  });

  test('every payment status in words', () => {
    const statuses: PaymentStatus[] = ['authorized', 'paid', 'partially_refunded', 'refunded', 'voided'];
    assert.deepEqual(statuses.map(paymentStatusWords), ['Authorized', 'Paid', 'Partially refunded', 'Refunded', 'Voided']);
  });
});

describe('who gave a refund', () => {
  test('a staff member by username; the store when it refunded by itself', () => {
    assert.equal(refundedBy(refund(1, { by: 'clerk' })), 'clerk');
    assert.equal(refundedBy(refund(2, { by: null })), 'the store');
  });
});
