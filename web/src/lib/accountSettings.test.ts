import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { user } from '../test/fixtures.ts';
import {
  accountChange,
  accountValues,
  changesSomething,
  isDemoAccount,
  sortAccountErrors,
  sortPasswordErrors,
} from './accountSettings.ts';

const ada = user({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@market.test', username: 'ada' });

describe('demo accounts', () => {
  test('the shared demo shopper (by its printed address, in any case) and a public demo\'s shoppers', () => {
    assert.equal(isDemoAccount(user()), true);
    assert.equal(isDemoAccount(user({ email: 'Demo@Market.test' })), true);
    assert.equal(isDemoAccount(ada), false);
    assert.equal(isDemoAccount({ ...ada, demoEndsAt: '2026-11-22T10:00:00Z' }), true);
    assert.equal(isDemoAccount({ ...ada, demoEndsAt: null }), false);
  });
});

describe('what the name and e-mail form sends', () => {
  test('starts from the account, the password left to type', () => {
    assert.deepEqual(accountValues(ada), { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@market.test', currentPassword: '' });
  });

  test('only the fields changed, and the password', () => {
    const values = { ...accountValues(ada), lastName: 'King', currentPassword: 'secret' };
    assert.deepEqual(accountChange(ada, values), { lastName: 'King', currentPassword: 'secret' });
    assert.deepEqual(accountChange(ada, { ...values, lastName: 'Lovelace', email: ' new@market.test ' }), {
      email: 'new@market.test',
      currentPassword: 'secret',
    });
  });

  test('the same address with blank padding is no change; the password alone changes nothing', () => {
    const change = accountChange(ada, { ...accountValues(ada), email: ' ada@market.test', currentPassword: 'secret' });
    assert.deepEqual(change, { currentPassword: 'secret' });
    assert.equal(changesSomething(change), false);
    assert.equal(changesSomething({ firstName: 'Augusta', currentPassword: 'secret' }), true);
  });
});

describe("where the server's refusals show", () => {
  test('a rule of a field under it; the current password named under its field; the rest above', () => {
    assert.deepEqual(
      sortAccountErrors([
        'First name must be 2 to 25 characters.',
        'Please provide a valid email.',
        'The current password is not right.',
        'Something else went wrong.',
      ]),
      {
        fields: {
          firstName: 'First name must be 2 to 25 characters.',
          email: 'Please provide a valid email.',
          currentPassword: 'The current password is not right.',
        },
        other: ['Something else went wrong.'],
      },
    );
  });

  test('a password change: the sign-up rule under the new password, the current one under its own', () => {
    assert.deepEqual(sortPasswordErrors(['Password must be at least 5 characters.', 'Your current password is wrong.']), {
      fields: { password: 'Password must be at least 5 characters.', currentPassword: 'Your current password is wrong.' },
      other: [],
    });
    assert.deepEqual(sortPasswordErrors(["A demo account's password can't be changed."]), {
      fields: {},
      other: ["A demo account's password can't be changed."],
    });
  });
});
