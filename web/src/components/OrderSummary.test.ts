import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summaryRows, type Figures } from './OrderSummary.tsx';

const rows = (figures: Figures, itemCount = 2) => summaryRows(figures, itemCount).map((r) => [r.term, r.value]);

describe('the order summary rows', () => {
  test("a cart's figures: the spec's rows, word for word", () => {
    assert.deepEqual(rows({ subtotal: 25.3, discount: 1.27, total: 24.03 }), [
      ['Subtotal (2 items)', '$25.30'],
      ['RedCard 5% Discount', '−$1.27'],
      ['Delivery', 'Free'],
      ['Estimated tax', '$0.00'],
    ]);
  });

  test("a quote that changed nothing reads the same as the cart's", () => {
    const quote = {
      subtotal: 25.3,
      discounts: [{ label: 'RedCard 5% Discount', amount: 1.27 }],
      shipping: 0,
      tax: 0,
      taxRate: 0,
      total: 24.03,
    };
    assert.deepEqual(summaryRows(quote, 2), summaryRows({ subtotal: 25.3, discount: 1.27, total: 24.03 }, 2));
  });

  test('each discount line, paid delivery, and tax at its rate, all as sent', () => {
    const quote = {
      subtotal: 100,
      discounts: [
        { label: 'Promotion SPRING10', amount: 10 },
        { label: 'RedCard 5% Discount', amount: 4.5 },
      ],
      shipping: 12.5,
      tax: 7.42,
      taxRate: 8.25,
      total: 105.42,
    };
    assert.deepEqual(summaryRows(quote, 1), [
      { term: 'Subtotal (1 item)', value: '$100.00', accent: false },
      { term: 'Promotion SPRING10', value: '−$10.00', accent: true },
      { term: 'RedCard 5% Discount', value: '−$4.50', accent: true },
      { term: 'Delivery', value: '$12.50', accent: false },
      { term: 'Estimated tax (8.25%)', value: '$7.42', accent: false },
    ]);
  });
});
