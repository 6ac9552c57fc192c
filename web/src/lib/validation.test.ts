import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  accountMessages,
  CURRENT_PASSWORD_MISSING,
  hasMessages,
  isPlausibleEmail,
  loginMessages,
  PASSWORD_MISMATCH,
  reviewMessages,
  forgotMessages,
  newPasswordMessages,
  passwordChangeMessages,
  signupMessages,
  type SignupValues,
} from './validation.ts';

const x = (n: number) => 'x'.repeat(n);

describe('login (both required, at least 3 characters)', () => {
  test('accepts 3 characters each', () => {
    assert.deepEqual(loginMessages({ credential: 'ada', password: 'abc' }), {});
  });

  test('names each field shorter than 3 characters, empty included', () => {
    const expected = {
      credential: 'Email or username must be at least 3 characters.',
      password: 'Password must be at least 3 characters.',
    };
    assert.deepEqual(loginMessages({ credential: 'ad', password: 'ab' }), expected);
    assert.deepEqual(loginMessages({ credential: '', password: '' }), expected);
  });

  test('blank padding does not make a credential long enough', () => {
    assert.deepEqual(Object.keys(loginMessages({ credential: ' a ', password: 'abc' })), ['credential']);
  });

  test('refuses what the server refuses as too long (100 and 128)', () => {
    assert.deepEqual(loginMessages({ credential: x(100), password: x(128) }), {});
    assert.deepEqual(Object.keys(loginMessages({ credential: x(101), password: x(129) })), ['credential', 'password']);
  });
});

describe('signup', () => {
  const valid: SignupValues = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    password: 'secret',
    confirmPassword: 'secret',
  };
  const messages = (change: Partial<SignupValues>) => signupMessages({ ...valid, ...change });

  test('accepts a complete form', () => {
    assert.deepEqual(signupMessages(valid), {});
  });

  test('every field is required', () => {
    const empty = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };
    assert.deepEqual(signupMessages(empty), {
      firstName: 'First name must be 2 to 25 characters.',
      lastName: 'Last name must be 2 to 25 characters.',
      email: 'Please provide a valid email.',
      username: 'Username must be 3 to 30 characters.',
      password: 'Password must be at least 5 characters.',
      confirmPassword: 'Password must be at least 5 characters.',
    });
  });

  test('first and last names are 2 to 25 characters', () => {
    assert.deepEqual(messages({ firstName: x(2), lastName: x(25) }), {});
    assert.deepEqual(messages({ firstName: x(1) }), { firstName: 'First name must be 2 to 25 characters.' });
    assert.deepEqual(messages({ firstName: x(26) }), { firstName: 'First name must be 2 to 25 characters.' });
    assert.deepEqual(messages({ lastName: x(1) }), { lastName: 'Last name must be 2 to 25 characters.' });
    assert.deepEqual(messages({ lastName: x(26) }), { lastName: 'Last name must be 2 to 25 characters.' });
    assert.deepEqual(messages({ firstName: ' A ' }), { firstName: 'First name must be 2 to 25 characters.' });
  });

  test('username is 3 to 30 characters, not an email, without outer spaces', () => {
    assert.deepEqual(messages({ username: x(3) }), {});
    assert.deepEqual(messages({ username: x(30) }), {});
    assert.deepEqual(messages({ username: x(2) }), { username: 'Username must be 3 to 30 characters.' });
    assert.deepEqual(messages({ username: x(31) }), { username: 'Username must be 3 to 30 characters.' });
    assert.deepEqual(messages({ username: 'ada@x.io' }), { username: 'Username cannot be an email.' });
    assert.deepEqual(messages({ username: ' ada' }), { username: 'Username cannot start or end with a space.' });
  });

  test('email is a plausible address of at most 100 characters', () => {
    const at100 = `${x(100 - '@example.com'.length)}@example.com`;
    assert.deepEqual(messages({ email: at100 }), {});
    assert.deepEqual(messages({ email: `x${at100}` }), { email: 'Email must be at most 100 characters.' });
    for (const email of ['ada.example.com', 'ada@localhost', '@example.com', 'ada@example.', 'a b@example.com'])
      assert.deepEqual(messages({ email }), { email: 'Please provide a valid email.' }, email);
  });

  test('passwords are 5 to 128 characters', () => {
    assert.deepEqual(messages({ password: x(5), confirmPassword: x(5) }), {});
    assert.deepEqual(messages({ password: x(128), confirmPassword: x(128) }), {});
    assert.deepEqual(messages({ password: x(4), confirmPassword: x(4) }), {
      password: 'Password must be at least 5 characters.',
      confirmPassword: 'Password must be at least 5 characters.',
    });
    assert.equal(
      messages({ password: x(129), confirmPassword: x(129) }).password,
      'Password must be at most 128 characters.',
    );
  });

  test('different passwords get the spec message on the confirmation', () => {
    assert.equal(PASSWORD_MISMATCH, "Those passwords didn't match. Please try again.");
    assert.deepEqual(messages({ confirmPassword: 'secreT' }), { confirmPassword: PASSWORD_MISMATCH });
  });

  test('a short confirmation says it is short, not that it differs', () => {
    assert.deepEqual(messages({ confirmPassword: 'sec' }), {
      confirmPassword: 'Password must be at least 5 characters.',
    });
  });
});

describe('password reset', () => {
  test('asks for an e-mail address, as sign-up does', () => {
    assert.deepEqual(forgotMessages({ email: 'jane@example.com' }), {});
    assert.deepEqual(forgotMessages({ email: 'jane' }), { email: 'Please provide a valid email.' });
  });
  test('a new password follows the sign-up rule and must be typed twice alike', () => {
    assert.deepEqual(newPasswordMessages({ password: 'hunter22', confirmPassword: 'hunter22' }), {});
    assert.deepEqual(newPasswordMessages({ password: 'abc', confirmPassword: 'abc' }), {
      password: 'Password must be at least 5 characters.',
      confirmPassword: 'Password must be at least 5 characters.',
    });
    assert.deepEqual(newPasswordMessages({ password: 'hunter22', confirmPassword: 'hunter23' }), {
      confirmPassword: PASSWORD_MISMATCH,
    });
  });
});

describe('account settings', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', currentPassword: 'secret' };

  test("a name and an address follow the sign-up's rules; the current password is asked for", () => {
    assert.deepEqual(accountMessages(valid), {});
    assert.deepEqual(accountMessages({ firstName: 'A', lastName: x(26), email: 'ada', currentPassword: '' }), {
      firstName: 'First name must be 2 to 25 characters.',
      lastName: 'Last name must be 2 to 25 characters.',
      email: 'Please provide a valid email.',
      currentPassword: CURRENT_PASSWORD_MISSING,
    });
  });

  test('the current password is held to what sign-in takes (the demo\'s "password" too)', () => {
    assert.deepEqual(accountMessages({ ...valid, currentPassword: 'password' }), {});
    assert.deepEqual(accountMessages({ ...valid, currentPassword: 'ab' }), {
      currentPassword: 'Password must be at least 3 characters.',
    });
  });

  test('a new password: the current one, and the new one by the sign-up rule, typed twice alike', () => {
    assert.deepEqual(passwordChangeMessages({ currentPassword: 'old-one', password: 'hunter22', confirmPassword: 'hunter22' }), {});
    assert.deepEqual(passwordChangeMessages({ currentPassword: '', password: 'abc', confirmPassword: 'abd' }), {
      currentPassword: CURRENT_PASSWORD_MISSING,
      password: 'Password must be at least 5 characters.',
      confirmPassword: 'Password must be at least 5 characters.',
    });
    assert.deepEqual(passwordChangeMessages({ currentPassword: 'old-one', password: 'hunter22', confirmPassword: 'hunter23' }), {
      confirmPassword: PASSWORD_MISMATCH,
    });
  });
});

describe('isPlausibleEmail', () => {
  test('wants one @, something before it and a dotted domain after it', () => {
    assert.equal(isPlausibleEmail('demo@market.test'), true);
    assert.equal(isPlausibleEmail('a@b.c'), true);
    assert.equal(isPlausibleEmail('a@b@c.d'), false);
    assert.equal(isPlausibleEmail('a@b..c'), false);
    assert.equal(isPlausibleEmail('a@.b'), false);
    assert.equal(isPlausibleEmail('a@b.c\t'), false);
  });
});

describe('review', () => {
  const title = 'Great';
  const description = x(20);

  test('accepts the shortest and the longest texts', () => {
    assert.deepEqual(reviewMessages({ rating: 1, title: x(5), description: x(20) }), {});
    assert.deepEqual(reviewMessages({ rating: 5, title: x(50), description: x(255) }), {});
  });

  test('rating must be a whole number of stars from 1 to 5', () => {
    const noRating = { rating: 'Please enter a rating.' };
    for (const rating of [0, 6, 2.5, Number.NaN])
      assert.deepEqual(reviewMessages({ rating, title, description }), noRating, String(rating));
  });

  test('title of 1-4 characters asks for a longer one, over 50 for a shorter one', () => {
    const longer = { title: 'Please write a longer title.' };
    assert.deepEqual(reviewMessages({ rating: 5, title: x(1), description }), longer);
    assert.deepEqual(reviewMessages({ rating: 5, title: x(4), description }), longer);
    assert.deepEqual(reviewMessages({ rating: 5, title: x(51), description }), {
      title: 'Please write a shorter title.',
    });
  });

  test('description of 1-19 characters asks for a longer one, over 255 for a shorter one', () => {
    const longer = { description: 'Please write a longer description.' };
    assert.deepEqual(reviewMessages({ rating: 5, title, description: x(1) }), longer);
    assert.deepEqual(reviewMessages({ rating: 5, title, description: x(19) }), longer);
    assert.deepEqual(reviewMessages({ rating: 5, title, description: x(256) }), {
      description: 'Please write a shorter description.',
    });
  });

  test('empty texts are too short (the form cannot be sent empty)', () => {
    assert.deepEqual(reviewMessages({ rating: 5, title: '', description: '' }), {
      title: 'Please write a longer title.',
      description: 'Please write a longer description.',
    });
  });

  test('padding counts toward the maximum but not the minimum, as on the server', () => {
    assert.deepEqual(reviewMessages({ rating: 5, title: '   Grea   ', description }), {
      title: 'Please write a longer title.',
    });
    assert.deepEqual(reviewMessages({ rating: 5, title: `Great${' '.repeat(46)}`, description }), {
      title: 'Please write a shorter title.',
    });
  });

  test('lengths count characters, not UTF-16 units', () => {
    // 50 emoji are 100 UTF-16 units; the server counts 50 characters.
    assert.deepEqual(reviewMessages({ rating: 5, title: '😀'.repeat(50), description }), {});
    assert.deepEqual(reviewMessages({ rating: 5, title: 'ééééé', description }), {});
  });
});

test('hasMessages tells a valid form from an invalid one', () => {
  assert.equal(hasMessages(reviewMessages({ rating: 5, title: 'Great', description: x(20) })), false);
  assert.equal(hasMessages(reviewMessages({ rating: 5, title: '', description: x(20) })), true);
});
