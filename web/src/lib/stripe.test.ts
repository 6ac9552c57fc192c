import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { loadStripe, stripeAmount, type Stripe } from './stripe.ts';

/** A <script> as the loader uses it: its address, and its load or error fired by the test. */
class FakeScript {
  src = '';
  async = false;
  removed = false;
  private listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  remove() {
    this.removed = true;
  }
  fire(type: 'load' | 'error') {
    this.listeners.get(type)?.();
  }
}

/** A page with a <head> that keeps the scripts added to it; Stripe.js not loaded. */
function fakePage() {
  const added: FakeScript[] = [];
  (globalThis as { document: unknown }).document = {
    createElement: (tag: string) => {
      assert.equal(tag, 'script');
      return new FakeScript();
    },
    head: { appendChild: (script: FakeScript) => added.push(script) },
  };
  return added;
}

/** What Stripe.js defines when it runs: Stripe(key), each call written down. */
function defineStripe() {
  const keys: string[] = [];
  (globalThis as { Stripe?: unknown }).Stripe = (key: string) => {
    keys.push(key);
    return { key } as unknown as Stripe;
  };
  return keys;
}

// Each test loads from an address of its own: the loader keeps what it loaded by address.
let n = 0;
const address = () => `https://js.stripe.test/v3/?test=${++n}`;

describe('loading Stripe.js', () => {
  beforeEach(() => {
    delete (globalThis as { Stripe?: unknown }).Stripe;
  });

  test('once, by a <script src> from its address; one Stripe object per key', async () => {
    const added = fakePage();
    const jsUrl = address();
    const first = loadStripe({ jsUrl, publishableKey: 'pk_test_a' });
    const again = loadStripe({ jsUrl, publishableKey: 'pk_test_a' });
    const other = loadStripe({ jsUrl, publishableKey: 'pk_test_b' });
    assert.equal(added.length, 1, 'one script');
    assert.equal(added[0]?.src, jsUrl);
    assert.equal(added[0]?.async, true);
    const keys = defineStripe();
    added[0]?.fire('load');
    const [a, aAgain, b] = await Promise.all([first, again, other]);
    assert.equal(a, aAgain);
    assert.notEqual(a, b);
    assert.deepEqual(keys, ['pk_test_a', 'pk_test_b']);
    assert.equal(await loadStripe({ jsUrl, publishableKey: 'pk_test_a' }), a);
    assert.equal(added.length, 1, 'still one script');
  });

  test('a load that failed rejects, and the next call tries again with a fresh script', async () => {
    const added = fakePage();
    const jsUrl = address();
    const failing = loadStripe({ jsUrl, publishableKey: 'pk_test_a' });
    added[0]?.fire('error');
    await assert.rejects(failing, /could not be loaded/);
    assert.equal(added[0]?.removed, true, 'the failed script is gone');

    const retried = loadStripe({ jsUrl, publishableKey: 'pk_test_a' });
    assert.equal(added.length, 2);
    defineStripe();
    added[1]?.fire('load');
    assert.deepEqual(await retried, { key: 'pk_test_a' });
  });

  test('a script that defines no Stripe rejects', async () => {
    const added = fakePage();
    const loading = loadStripe({ jsUrl: address(), publishableKey: 'pk_test_a' });
    added[0]?.fire('load');
    await assert.rejects(loading, /did not define Stripe/);
  });

  test('Stripe.js already on the page is used as it is', async () => {
    const added = fakePage();
    defineStripe();
    assert.deepEqual(await loadStripe({ jsUrl: address(), publishableKey: 'pk_test_c' }), { key: 'pk_test_c' });
    assert.equal(added.length, 0);
  });
});

test("a total in dollars is Stripe's amount in cents", () => {
  assert.equal(stripeAmount(25.3), 2530);
  assert.equal(stripeAmount(0.29), 29);
  assert.equal(stripeAmount(19.99), 1999);
  assert.equal(stripeAmount(1234.56), 123456);
  assert.equal(stripeAmount(0), 0);
});
