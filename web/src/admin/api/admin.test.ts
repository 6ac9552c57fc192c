import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fakeServer } from '../../test/fakeFetch.ts';
import { refund } from '../../test/fixtures.ts';
import { createRefund } from './admin.ts';

describe('a refund', () => {
  test('is a POST of the order, with its attempt named by the Idempotency-Key header', async () => {
    const server = fakeServer({ status: 201, json: refund(4) });
    const input = { amount: 10, reason: 'Damaged in transit', restock: [{ lineId: 12, quantity: 1 }] };
    assert.deepEqual(await createRefund(31, input, 'key-1'), refund(4));
    const [call] = server.calls;
    assert.equal(call?.method, 'POST');
    assert.equal(call?.url, '/api/admin/orders/31/refunds');
    assert.equal(call?.headers['Idempotency-Key'], 'key-1');
    assert.equal(call?.headers['XSRF-Token'], 'abc');
    assert.deepEqual(call?.body, input);
  });
});
