import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AddressInput } from '../api/types.ts';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { address, user } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const input: AddressInput = {
  name: 'Ada Lovelace',
  line1: '200 Congress Ave',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '',
  isDefault: false,
};

describe('address book', () => {
  test('listAddresses loads the book as the server lists it, the default first', async () => {
    const server = fakeServer(ok({ Addresses: [address(2, { isDefault: true }), address(1)] }));
    const store = createStore();
    await store.getState().listAddresses();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/addresses']]);
    assert.deepEqual(store.getState().addresses, { list: [address(2, { isDefault: true }), address(1)], loaded: true });
  });

  test('adding posts the input, then shows the book the server has (the default may have moved)', async () => {
    const server = fakeServer(
      { status: 201, json: address(3, { isDefault: true }) },
      ok({ Addresses: [address(3, { isDefault: true }), address(1)] }),
    );
    const store = createStore();
    store.setState({ addresses: { list: [address(1, { isDefault: true })], loaded: true } });
    assert.deepEqual(await store.getState().addAddress({ ...input, isDefault: true }), address(3, { isDefault: true }));
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token']]), [
      ['POST', '/api/addresses', 'abc'],
      ['GET', '/api/addresses', undefined],
    ]);
    assert.deepEqual(server.calls[0]?.body, { ...input, isDefault: true });
    assert.deepEqual(store.getState().addresses.list, [address(3, { isDefault: true }), address(1)]);
  });

  test('updating puts the input to the address, then reads the book again', async () => {
    const server = fakeServer(ok(address(1, { city: 'Dallas' })), ok({ Addresses: [address(1, { city: 'Dallas' })] }));
    const store = createStore();
    store.setState({ addresses: { list: [address(1)], loaded: true } });
    await store.getState().updateAddress(1, { ...input, city: 'Dallas' });
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [
      ['PUT', '/api/addresses/1'],
      ['GET', '/api/addresses'],
    ]);
    assert.deepEqual(store.getState().addresses.list, [address(1, { city: 'Dallas' })]);
  });

  test('deleting the default shows the new default the server chose', async () => {
    fakeServer({ status: 204 }, ok({ Addresses: [address(2, { isDefault: true })] }));
    const store = createStore();
    store.setState({ addresses: { list: [address(1, { isDefault: true }), address(2)], loaded: true } });
    await store.getState().deleteAddress(1);
    assert.deepEqual(store.getState().addresses.list, [address(2, { isDefault: true })]);
  });

  test('if the book cannot be read again, the write alone is shown', async () => {
    fakeServer({ status: 204 }, 'network-error');
    const store = createStore();
    store.setState({ addresses: { list: [address(1, { isDefault: true }), address(2)], loaded: true } });
    await store.getState().deleteAddress(2);
    assert.deepEqual(store.getState().addresses.list, [address(1, { isDefault: true })]);
  });

  test("a refused address rejects with the server's lines and changes nothing", async () => {
    fakeServer(fail(400, 'Please check the address.', ['Please enter a city.', 'Please choose a state.']));
    const store = createStore();
    store.setState({ addresses: { list: [address(1)], loaded: true } });
    await assert.rejects(store.getState().addAddress({ ...input, city: '', state: '' }), {
      status: 400,
      errors: ['Please enter a city.', 'Please choose a state.'],
    });
    assert.deepEqual(store.getState().addresses.list, [address(1)]);
  });

  test('another shopper never sees the book', async () => {
    fakeServer(ok({ user: user({ id: 2 }) }));
    const store = createStore();
    store.setState({ addresses: { list: [address(1)], loaded: true } });
    await store.getState().signIn('other', 'password');
    assert.deepEqual(store.getState().addresses, { list: [], loaded: false });
  });
});
