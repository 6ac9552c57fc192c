import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  blankCard,
  cardBrand,
  cardInput,
  cardMessages,
  cvcLength,
  editCardNumber,
  editCvc,
  editExpiry,
  formatExpiry,
  groupCardNumber,
  readExpiry,
  sortCardErrors,
} from './cards.ts';

describe("a card number's brand, from its first digits", () => {
  test("Stripe's published test numbers, with the brands the server reads", () => {
    for (const [number, brand] of [
      ['4242424242424242', 'Visa'],
      ['5555555555554444', 'Mastercard'],
      ['2223003122003222', 'Mastercard'],
      ['378282246310005', 'American Express'],
      ['6011111111111117', 'Discover'],
      ['3056930009020004', 'Diners Club'],
      ['3566002020360505', 'JCB'],
      ['6200000000000005', 'UnionPay'],
    ] as const)
      assert.equal(cardBrand(number), brand, number);
  });

  test('each range at its edges, as the number is typed', () => {
    assert.equal(cardBrand('4'), 'Visa');
    assert.equal(cardBrand('34'), 'American Express');
    assert.equal(cardBrand('37'), 'American Express');
    assert.equal(cardBrand('51'), 'Mastercard');
    assert.equal(cardBrand('55'), 'Mastercard');
    assert.equal(cardBrand('56'), undefined);
    assert.equal(cardBrand('2221'), 'Mastercard');
    assert.equal(cardBrand('2720'), 'Mastercard');
    assert.equal(cardBrand('2721'), undefined);
    assert.equal(cardBrand('6011'), 'Discover');
    assert.equal(cardBrand('65'), 'Discover');
    assert.equal(cardBrand('644'), 'Discover');
    assert.equal(cardBrand('649'), 'Discover');
    assert.equal(cardBrand('3528'), 'JCB');
    assert.equal(cardBrand('3589'), 'JCB');
    assert.equal(cardBrand('36'), 'Diners Club');
    assert.equal(cardBrand('38'), 'Diners Club');
    assert.equal(cardBrand('300'), 'Diners Club');
    assert.equal(cardBrand('305'), 'Diners Club');
    assert.equal(cardBrand('306'), undefined);
    assert.equal(cardBrand('62'), 'UnionPay');
  });

  test('too few digits to tell is no brand yet', () => {
    for (const digits of ['', '3', '5', '6', '35', '222', '601']) assert.equal(cardBrand(digits), undefined, digits);
  });

  test('the security code has 4 digits on an American Express card, 3 on the others', () => {
    assert.equal(cvcLength('American Express'), 4);
    assert.equal(cvcLength('Visa'), 3);
    assert.equal(cvcLength(undefined), 3);
  });
});

describe('a card number spaced as the card prints it', () => {
  test('groups of four; American Express 4-6-5', () => {
    assert.equal(groupCardNumber('4242424242424242'), '4242 4242 4242 4242');
    assert.equal(groupCardNumber('424242'), '4242 42');
    assert.equal(groupCardNumber('4242'), '4242');
    assert.equal(groupCardNumber(''), '');
    assert.equal(groupCardNumber('378282246310005'), '3782 822463 10005');
    assert.equal(groupCardNumber('37828224'), '3782 8224');
  });

  test("no more digits than the brand's numbers have: the server's 23 characters at most", () => {
    assert.equal(groupCardNumber('3782822463100051'), '3782 822463 10005');
    assert.equal(groupCardNumber('55555555555544441'), '5555 5555 5555 4444');
    assert.equal(groupCardNumber('42424242424242424242'), '4242 4242 4242 4242 424');
    assert.equal(groupCardNumber('42424242424242424242').length, 23);
  });

  test('typing at the end moves the caret past the new space', () => {
    assert.deepEqual(editCardNumber('4242', '42424', 5), { value: '4242 4', caret: 6 });
  });

  test('typing in the middle keeps the caret after the digit typed', () => {
    assert.deepEqual(editCardNumber('4242 4242', '42412 4242', 4), { value: '4241 2424 2', caret: 4 });
  });

  test('deleting a space deletes the digit beside it', () => {
    assert.deepEqual(editCardNumber('4242 4242', '42424242', 4), { value: '4244 242', caret: 3 });
    assert.deepEqual(editCardNumber('4242 4242', '42424242', 4, true), { value: '4242 242', caret: 4 });
  });

  test('a number pasted with dashes or spaces is spaced again', () => {
    assert.deepEqual(editCardNumber('', '4242-4242-4242-4242', 19), { value: '4242 4242 4242 4242', caret: 19 });
    assert.deepEqual(editCardNumber('', ' 4000 0000 0000 0002 ', 21), { value: '4000 0000 0000 0002', caret: 19 });
  });
});

describe('the expiry as MM / YY', () => {
  test('the slash comes with the third digit; a first digit above 1 is a month of one digit', () => {
    assert.equal(formatExpiry(''), '');
    assert.equal(formatExpiry('1'), '1');
    assert.equal(formatExpiry('5'), '05');
    assert.equal(formatExpiry('12'), '12');
    assert.equal(formatExpiry('123'), '12 / 3');
    assert.equal(formatExpiry('1230'), '12 / 30');
    assert.equal(formatExpiry('12301'), '12 / 30');
  });

  test('an autofilled four-digit year keeps its last two digits', () => {
    assert.equal(formatExpiry('122030'), '12 / 30');
  });

  test('typing and deleting', () => {
    assert.deepEqual(editExpiry('', '5', 1), { value: '05', caret: 2 });
    assert.deepEqual(editExpiry('12', '123', 3), { value: '12 / 3', caret: 6 });
    assert.deepEqual(editExpiry('12 / 3', '12 / ', 5), { value: '12', caret: 2 });
    assert.deepEqual(editExpiry('12 / 30', '12 30', 3), { value: '13 / 0', caret: 1 });
  });

  test('read into the month and the four-digit year; a part not typed in full is 0', () => {
    assert.deepEqual(readExpiry('12 / 30'), { expMonth: 12, expYear: 2030 });
    assert.deepEqual(readExpiry('01/27'), { expMonth: 1, expYear: 2027 });
    assert.deepEqual(readExpiry('12 / 3'), { expMonth: 12, expYear: 0 });
    assert.deepEqual(readExpiry('1'), { expMonth: 0, expYear: 0 });
    assert.deepEqual(readExpiry(''), { expMonth: 0, expYear: 0 });
  });
});

describe('the card form: what it checks, sends, and takes from the server', () => {
  const visa = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

  test("an empty form: each field's message, in the server's words", () => {
    assert.deepEqual(cardMessages(blankCard()), {
      number: 'Please enter the card number.',
      expiry: 'Please enter the expiry month, 1 to 12.',
      cvc: "Please enter the card's security code (CVC).",
    });
  });

  test('a card filled in as printed passes; the server checks the number and the date', () => {
    assert.deepEqual(cardMessages(visa), {});
    assert.deepEqual(cardMessages({ ...visa, number: '4242 4242 4242 4241', expiry: '01 / 20' }), {});
  });

  test('the expiry needs a month of 1 to 12 and a year of two digits', () => {
    assert.equal(cardMessages({ ...visa, expiry: '13 / 30' }).expiry, 'Please enter the expiry month, 1 to 12.');
    assert.equal(cardMessages({ ...visa, expiry: '00 / 30' }).expiry, 'Please enter the expiry month, 1 to 12.');
    assert.equal(cardMessages({ ...visa, expiry: '12' }).expiry, 'Please check the expiry year.');
    assert.equal(cardMessages({ ...visa, expiry: '12 / 3' }).expiry, 'Please check the expiry year.');
  });

  test("the security code has the brand's length", () => {
    assert.equal(cardMessages({ ...visa, cvc: '12' }).cvc, 'The security code is the 3 digits on the back of the card.');
    assert.equal(cardMessages({ ...visa, cvc: '1234' }).cvc, 'The security code is the 3 digits on the back of the card.');
    const amex = { number: '3782 822463 10005', expiry: '12 / 30', cvc: '123' };
    assert.equal(cardMessages(amex).cvc, 'The security code is the 4 digits on the front of the card.');
    assert.deepEqual(cardMessages({ ...amex, cvc: '1234' }), {});
  });

  test("the code field keeps as many digits as the brand's code has", () => {
    assert.equal(editCvc('12a34', 'Visa'), '123');
    assert.equal(editCvc('12a34', 'American Express'), '1234');
    assert.equal(editCvc('1234', undefined), '123');
  });

  test('what the order sends: the digits, the month and year as numbers, the code', () => {
    assert.deepEqual(cardInput(visa), { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });

  test("the server's lines go to the fields they name; the others stay apart", () => {
    const lines = [
      'Please check the card number.',
      "This card's expiry date has passed.",
      'The security code is the 4 digits on the front of the card.',
      'Your cart is empty.',
    ];
    assert.deepEqual(sortCardErrors(lines), {
      fields: {
        number: 'Please check the card number.',
        expiry: "This card's expiry date has passed.",
        cvc: 'The security code is the 4 digits on the front of the card.',
      },
      other: ['Your cart is empty.'],
    });
    for (const [line, field] of [
      ['Please enter the card number.', 'number'],
      ['Please enter the expiry month, 1 to 12.', 'expiry'],
      ['Please check the expiry year.', 'expiry'],
      ["Please enter the card's security code (CVC).", 'cvc'],
      ['The security code is the 3 digits on the back of the card.', 'cvc'],
    ] as const)
      assert.deepEqual(sortCardErrors([line]).fields, { [field]: line }, line);
  });
});
