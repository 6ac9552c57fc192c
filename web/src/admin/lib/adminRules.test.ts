import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DEPARTMENT_REQUIRED,
  emptyProduct,
  isDirty,
  PRICE,
  priceMessage,
  productChanges,
  productInput,
  productMessages,
  staffMessages,
  STOCK_REQUIRED,
  type ProductValues,
  type StaffValues,
} from './adminRules.ts';

const valid: ProductValues = {
  name: 'Trail Runner 2 Headlamp',
  brand: 'Northlight',
  departmentId: '12',
  price: '24.99',
  stock: '40',
  sku: 'NL-HL-2',
  description: 'A light, bright headlamp for the trail and the tent.',
};

describe('the price rule (more than $0.00, at most $100,000.00, at most two decimals)', () => {
  test('accepts cents, whole dollars and the bounds themselves', () => {
    for (const price of ['24.99', '25', '0.01', '100000', '100000.00', '$1,024.50', ' 7.5 ']) assert.equal(priceMessage(price), undefined, price);
  });

  test("says the server's words for each broken rule", () => {
    assert.equal(priceMessage('0'), 'A price must be more than $0.00.');
    assert.equal(priceMessage('-5'), 'A price must be more than $0.00.');
    assert.equal(priceMessage('100000.01'), 'A price must be at most $100,000.00.');
    assert.equal(priceMessage('1.999'), 'A price has at most two decimals.');
    assert.equal(priceMessage('0.001'), PRICE.decimals, 'decimals are checked before the minimum, as on the server');
  });

  test('a blank price is asked for, and text that is no number is named', () => {
    assert.equal(priceMessage(''), PRICE.required);
    assert.equal(priceMessage('   '), PRICE.required);
    assert.equal(priceMessage('ten'), PRICE.notNumber);
    assert.equal(priceMessage('1.2.3'), PRICE.notNumber);
  });

  test('forgives floating point as the server does: 0.1 + 0.2 is 30 cents', () => {
    assert.equal(priceMessage(String(0.1 + 0.2)), undefined);
    assert.equal(priceMessage('0.30'), undefined);
    assert.equal(priceMessage('0.305'), PRICE.decimals);
  });
});

describe("the editor's other fields", () => {
  test('a complete product has no messages', () => {
    assert.deepEqual(productMessages(valid, true), {});
    assert.deepEqual(productMessages(valid, false), {});
  });

  test('every field of an empty new product is required but the SKU, which the store can give', () => {
    const messages = productMessages(emptyProduct, true);
    assert.deepEqual(Object.keys(messages).sort(), ['brand', 'departmentId', 'description', 'name', 'price', 'stock']);
    assert.equal(messages.name, 'A product name must be at least 2 characters.');
    assert.equal(messages.brand, "Please give the product's brand.");
    assert.equal(messages.departmentId, DEPARTMENT_REQUIRED);
    assert.equal(messages.stock, STOCK_REQUIRED);
    assert.equal(messages.description, 'Please write a description of at least 20 characters.');
  });

  test('a saved product keeps a SKU, of letters, digits, -, _ and . only', () => {
    assert.equal(productMessages({ ...valid, sku: '' }, false).sku, 'A SKU cannot be empty.');
    assert.equal(productMessages({ ...valid, sku: 'A B' }, true).sku, "A SKU holds only letters, digits, '-', '_' and '.'.");
    assert.equal(productMessages({ ...valid, sku: 'x'.repeat(41) }, true).sku, 'A SKU must be at most 40 characters.');
  });

  test('stock is a whole number from 0', () => {
    assert.equal(productMessages({ ...valid, stock: '0' }, true).stock, undefined);
    assert.equal(productMessages({ ...valid, stock: '1.5' }, true).stock, 'Stock is a whole number of units.');
    assert.equal(productMessages({ ...valid, stock: '-1' }, true).stock, 'Stock cannot be below 0.');
    assert.equal(productMessages({ ...valid, stock: '1000000001' }, true).stock, 'Stock must be at most 1,000,000,000 units.');
  });

  test('lengths come from the field-rules table, padding aside', () => {
    assert.equal(productMessages({ ...valid, name: ' a ' }, true).name, 'A product name must be at least 2 characters.');
    assert.equal(productMessages({ ...valid, name: 'x'.repeat(121) }, true).name, 'A product name must be at most 120 characters.');
  });
});

describe('what a save sends', () => {
  test('a new product: every field trimmed and typed, a blank SKU left to the store', () => {
    assert.deepEqual(productInput({ ...valid, name: ' Lamp ', sku: ' ', price: '$1,024.50' }), {
      name: 'Lamp',
      brand: 'Northlight',
      departmentId: 12,
      price: 1024.5,
      stock: 40,
      description: valid.description,
    });
  });

  test('a change: only the fields that differ', () => {
    assert.deepEqual(productChanges(valid, { ...valid, price: '19.99', stock: '40' }), { price: 19.99 });
    assert.deepEqual(productChanges(valid, { ...valid, price: '24.990' }), {}, 'the same price typed otherwise');
    assert.equal(isDirty(valid, { ...valid }), false);
    assert.equal(isDirty(valid, { ...valid, brand: 'Northlight ' }), true);
  });
});

describe('the add-staff form', () => {
  const staff: StaffValues = { username: 'ana', email: 'ana@market.test', password: 'a long passphrase', role: 'staff' };
  test('accepts a staff account and asks ten characters of its password', () => {
    assert.deepEqual(staffMessages(staff), {});
    assert.equal(staffMessages({ ...staff, password: 'nine char' }).password, 'A staff password must be at least 10 characters.');
    assert.equal(staffMessages({ ...staff, username: 'a@b.c' }).username, 'Username cannot be an email.');
    assert.equal(staffMessages({ ...staff, email: 'ana' }).email, 'Please provide a valid email.');
  });
});
