import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  addressInput,
  addressLines,
  addressMessages,
  addressOneLine,
  blankAddress,
  fieldOfMessage,
  sortServerErrors,
  US_STATES,
  type AddressValues,
} from './addresses.ts';

const fixed = {
  name: 'Demo Shopper',
  line1: '1000 Nicollet Mall',
  line2: '',
  city: 'Minneapolis',
  state: 'MN',
  postalCode: '55403',
  country: 'US',
  phone: '',
};

const austin: AddressValues = {
  name: 'Ada Lovelace',
  line1: '200 Congress Ave',
  line2: 'Suite 4',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  phone: '+1 (512) 555-0100',
};

describe('an address as it reads', () => {
  test("the spec's fixed address, exactly as the checkout always showed it", () => {
    assert.deepEqual(addressLines(fixed), ['Demo Shopper', '1000 Nicollet Mall', 'Minneapolis, MN 55403']);
    assert.equal(addressOneLine(fixed), 'Demo Shopper, 1000 Nicollet Mall, Minneapolis, MN 55403');
  });

  test('a second line shows only when there is one', () => {
    assert.deepEqual(addressLines({ ...fixed, ...austin, country: 'US' }), [
      'Ada Lovelace',
      '200 Congress Ave',
      'Suite 4',
      'Austin, TX 78701',
    ]);
    assert.deepEqual(addressLines({ ...fixed, line2: '   ' }).length, 3);
  });
});

describe('the address form rules (docs/rules.md#addresses)', () => {
  test('a whole address passes; line2 and phone may be empty', () => {
    assert.deepEqual(addressMessages(austin), {});
    assert.deepEqual(addressMessages({ ...austin, line2: '', phone: '' }), {});
    assert.deepEqual(addressMessages({ ...austin, postalCode: '78701-1234' }), {});
  });

  test('an empty form names every required field with the server’s messages', () => {
    assert.deepEqual(addressMessages(blankAddress()), {
      name: 'Please enter the name of who receives the order.',
      line1: 'Please enter the street address.',
      city: 'Please enter a city.',
      state: 'Please choose a state.',
      postalCode: 'Please enter a ZIP code like 55403 or 55403-1234.',
    });
  });

  test('lengths, ZIP codes, states and phone characters', () => {
    const m = addressMessages({
      ...austin,
      name: 'x'.repeat(81),
      line2: 'x'.repeat(101),
      city: 'x'.repeat(61),
      state: 'ZZ',
      postalCode: '7870',
      phone: 'call me',
    });
    assert.deepEqual(m, {
      name: 'A name must be at most 80 characters.',
      line2: 'The second address line must be at most 100 characters.',
      city: 'A city must be at most 60 characters.',
      state: 'Please choose a state.',
      postalCode: 'Please enter a ZIP code like 55403 or 55403-1234.',
      phone: 'A phone number holds only digits, spaces and + - ( ).',
    });
    assert.equal(addressMessages({ ...austin, phone: '1'.repeat(21) }).phone, 'A phone number must be at most 20 characters.');
    assert.equal(addressMessages({ ...austin, name: '   ' }).name, 'Please enter the name of who receives the order.');
  });

  test('the states are the server’s: the 50, DC and the territories', () => {
    const codes = US_STATES.map(([code]) => code);
    assert.equal(codes.length, 57);
    assert.equal(new Set(codes).size, 57);
    for (const code of ['TX', 'MN', 'DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'UM']) assert.ok(codes.includes(code), code);
  });

  test('what the form sends: its fields, the US, and the default flag', () => {
    assert.deepEqual(addressInput(austin, true), { ...austin, country: 'US', isDefault: true });
  });
});

describe("the server's refusal, by field", () => {
  test('each rule message belongs to its field', () => {
    assert.equal(fieldOfMessage('Please enter a city.'), 'city');
    assert.equal(fieldOfMessage('Please choose a state.'), 'state');
    assert.equal(fieldOfMessage('Please enter a ZIP code like 55403 or 55403-1234.'), 'postalCode');
    assert.equal(fieldOfMessage('A phone number holds only digits, spaces and + - ( ).'), 'phone');
    assert.equal(fieldOfMessage("We don't ship to that country."), undefined);
    assert.equal(fieldOfMessage(''), undefined);
  });

  test('lines about no field of the form are kept for the top of the form', () => {
    assert.deepEqual(
      sortServerErrors(['Please enter a city.', 'An address book holds at most 20 addresses.', 'Please choose a state.']),
      {
        fields: { city: 'Please enter a city.', state: 'Please choose a state.' },
        other: ['An address book holds at most 20 addresses.'],
      },
    );
  });
});
