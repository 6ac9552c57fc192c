import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ServerSearchParams, ServerTextEncoder, ServerURL } from './globals.ts';

// The shims the server's render runs on (QuickJS has none of these) read what the
// browser's own read, for the addresses and queries the store makes.
describe('the server render shims', () => {
  test('URL splits an address and reads a path against one as the browser does', () => {
    const cases: [string, string | undefined][] = [
      ['http://market.invalid', undefined],
      ['http://localhost/', undefined],
      ['https://market.example:8443/departments/5?sort=price-asc&page=2#top', undefined],
      ['/search?q=garden+hose', 'http://market.invalid'],
      ['/departments/5/products/51', 'http://market.invalid/search?q=x'],
      ['products/51?x=1', 'http://market.invalid/departments/5/'],
      ['?page=3', 'http://market.invalid/departments/5'],
    ];
    for (const [address, base] of cases) {
      const ours = new ServerURL(address, base);
      const theirs = new URL(address, base);
      for (const part of ['protocol', 'host', 'pathname', 'search', 'hash', 'origin', 'href'] as const)
        assert.equal(ours[part], theirs[part], `${address} against ${base}: ${part}`);
      assert.deepEqual([...ours.searchParams], [...theirs.searchParams], `${address}: searchParams`);
    }
  });

  test('URLSearchParams reads and writes a query as the browser does', () => {
    for (const query of ['', '?q=garden+hose&brand=A%26B&brand=Zed', 'minPrice=20&maxPrice=40&page=20', 'q=%E2%82%AC+5&x', 'a=1&a=2&b=']) {
      const ours = new ServerSearchParams(query);
      const theirs = new URLSearchParams(query);
      assert.deepEqual([...ours], [...theirs], query);
      assert.equal(ours.toString(), theirs.toString(), query);
      assert.deepEqual(ours.getAll('brand'), theirs.getAll('brand'));
      ours.set('page', '2');
      theirs.set('page', '2');
      ours.append('sort', "rating (it's)");
      theirs.append('sort', "rating (it's)");
      ours.delete('a');
      theirs.delete('a');
      ours.sort();
      theirs.sort();
      assert.equal(ours.toString(), theirs.toString(), `${query}, changed`);
      assert.equal(ours.get('missing'), theirs.get('missing'));
      assert.equal(ours.has('page'), theirs.has('page'));
    }
    assert.equal(new ServerSearchParams({ q: 'lamp', page: '2' }).toString(), new URLSearchParams({ q: 'lamp', page: '2' }).toString());
  });

  test('TextEncoder writes UTF-8', () => {
    for (const text of ['', 'lamp', 'Crème brûlée €5', '𝕏 and ★']) assert.deepEqual(new ServerTextEncoder().encode(text), new TextEncoder().encode(text), text);
  });
});
