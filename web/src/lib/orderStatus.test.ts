import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OrderStatus } from '../api/types.ts';
import { mayCancel, nextStatus, orderStatuses } from './orderStatus.ts';

describe("an order's moves (as src/domain/order_status.rs allows them)", () => {
  test('one step at a time along Received → Packed → Shipped → Delivered', () => {
    assert.equal(nextStatus('Received'), 'Packed');
    assert.equal(nextStatus('Packed'), 'Shipped');
    assert.equal(nextStatus('Shipped'), 'Delivered');
  });

  test('no step on from Delivered or Cancelled', () => {
    assert.equal(nextStatus('Delivered'), null);
    assert.equal(nextStatus('Cancelled'), null);
  });

  test('cancelled only before it ships', () => {
    const cancellable = orderStatuses.filter(mayCancel);
    assert.deepEqual(cancellable, ['Received', 'Packed'] satisfies OrderStatus[]);
  });
});
