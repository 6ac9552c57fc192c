import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fail, fakeServer, ok } from '../test/fakeFetch.ts';
import { stockAlert } from '../test/fixtures.ts';
import { createStore } from './index.ts';

const storeWithAlerts = (...list: ReturnType<typeof stockAlert>[]) => {
  const store = createStore();
  store.setState({ stockAlerts: { list, loaded: true } });
  return store;
};

describe('back-in-stock alerts', () => {
  test('listStockAlerts loads the alerts the server has', async () => {
    const server = fakeServer(ok({ alerts: [stockAlert(2, 61), stockAlert(1, 51, { mailedAt: '2026-11-22T08:00:00Z' })] }));
    const store = createStore();
    await store.getState().listStockAlerts();
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['GET', '/api/stock-alerts']]);
    assert.deepEqual(store.getState().stockAlerts.list.map((a) => a.id), [2, 1]);
    assert.equal(store.getState().stockAlerts.loaded, true);
  });

  test('asking posts the product (and the variant chosen) and puts the alert first', async () => {
    const server = fakeServer({ status: 201, json: stockAlert(3, 25, { variantId: 9 }) }, { status: 201, json: stockAlert(4, 51) });
    const store = storeWithAlerts(stockAlert(1, 61));
    await store.getState().addStockAlert(25, 9);
    await store.getState().addStockAlert(51);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url, c.headers['XSRF-Token'], c.body]), [
      ['POST', '/api/stock-alerts', 'abc', { productId: 25, variantId: 9 }],
      ['POST', '/api/stock-alerts', 'abc', { productId: 51 }],
    ]);
    assert.deepEqual(store.getState().stockAlerts.list.map((a) => a.id), [4, 3, 1]);
  });

  test('asking again answers the alert already asked for, listed once', async () => {
    fakeServer(ok(stockAlert(1, 61)));
    const store = storeWithAlerts(stockAlert(2, 51), stockAlert(1, 61));
    await store.getState().addStockAlert(61);
    assert.deepEqual(store.getState().stockAlerts.list.map((a) => a.id), [1, 2]);
  });

  test('an item in stock now is refused (409) and nothing is listed', async () => {
    fakeServer(fail(409, 'It is in stock now: add it to your cart.'));
    const store = storeWithAlerts();
    await assert.rejects(store.getState().addStockAlert(61), { status: 409, message: 'It is in stock now: add it to your cart.' });
    assert.deepEqual(store.getState().stockAlerts.list, []);
  });

  test('removing deletes the alert by id and takes it off the list', async () => {
    const server = fakeServer(ok({ message: 'Successfully deleted', id: 1 }));
    const store = storeWithAlerts(stockAlert(2, 51), stockAlert(1, 61));
    await store.getState().removeStockAlert(1);
    assert.deepEqual(server.calls.map((c) => [c.method, c.url]), [['DELETE', '/api/stock-alerts/1']]);
    assert.deepEqual(store.getState().stockAlerts.list.map((a) => a.id), [2]);
  });

  test('a failed removal keeps the alert', async () => {
    fakeServer(fail(500, 'Internal server error'));
    const store = storeWithAlerts(stockAlert(1, 61));
    await assert.rejects(store.getState().removeStockAlert(1));
    assert.deepEqual(store.getState().stockAlerts.list.map((a) => a.id), [1]);
  });
});
