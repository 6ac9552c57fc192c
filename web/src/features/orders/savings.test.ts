import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { savings } from './savings.ts';

describe('what an order saved, for the thank-you line', () => {
  test("the spec's order: the RedCard's 5%", () => {
    const order = { discount: 1, discounts: [{ label: 'RedCard 5% Discount', amount: 1 }], promotionCode: null };
    assert.equal(savings(order), 'saved $1.00 with your RedCard');
  });

  test('with a code: the code’s line, then the RedCard’s', () => {
    const order = {
      discount: 5.95,
      discounts: [
        { label: 'Promotion SPRING10', amount: 5 },
        { label: 'RedCard 5% Discount', amount: 0.95 },
      ],
      promotionCode: 'SPRING10',
    };
    assert.equal(savings(order), 'saved $5.00 with code SPRING10 and $0.95 with your RedCard');
  });

  test('an order without lines falls back to its one discount', () => {
    assert.equal(savings({ discount: 2.5, discounts: [], promotionCode: null }), 'saved $2.50 with your RedCard');
  });

  test('paid by card: no RedCard line; only a code saves anything', () => {
    assert.equal(savings({ discount: 0, discounts: [], promotionCode: null }), null);
    const order = { discount: 5, discounts: [{ label: 'Promotion SPRING10', amount: 5 }], promotionCode: 'SPRING10' };
    assert.equal(savings(order), 'saved $5.00 with code SPRING10');
  });
});
