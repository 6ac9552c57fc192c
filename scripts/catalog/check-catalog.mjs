#!/usr/bin/env node
// Independent checks on the committed outputs of make-catalog.mjs (no dependencies).
// Usage: node check-catalog.mjs   (exits 1 and lists what is wrong)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const catalog = JSON.parse(fs.readFileSync(path.join(REPO, 'src/db/seed/catalog.json'), 'utf8'));
const { departments, products, users, reviews } = catalog;
const failures = [];
const test = (name, fn) => {
  try { fn(); } catch (err) { failures.push(`${name}: ${err.message.split('\n')[0]}`); }
};
const keys = (o) => Object.keys(o).join(',');

test('top-level shape', () => assert.equal(keys(catalog), 'departments,products,users,reviews'));
test('13 departments, ids 1..13', () => {
  assert.equal(departments.length, 13);
  departments.forEach((d, i) => { assert.equal(d.id, i + 1); assert.equal(keys(d), 'id,name,url'); });
  assert.equal(departments[4].name, 'Electronics');
  assert.equal(departments[5].name, 'Video Games');
  assert.equal(departments[7].name, 'Pets');
  assert.equal(departments[8].name, 'Furniture');
});
test('156 products, 12 per department, ids sequential', () => {
  assert.equal(products.length, 156);
  products.forEach((p, i) => {
    assert.equal(p.id, i + 1);
    assert.equal(p.departmentId, Math.floor(i / 12) + 1);
    assert.equal(keys(p), 'id,departmentId,name,brand,priceCents,description,images');
    assert.ok(Number.isInteger(p.priceCents) && p.priceCents > 0, `price of ${p.id}`);
    assert.ok(p.images.length >= 3 && p.images.length <= 5, `images of ${p.id}`);
    assert.equal(new Set(p.images.map((im) => im.url)).size, 1, `one picture for ${p.id}`);
    assert.equal(new Set(p.images.map((im) => im.background)).size, p.images.length, `backgrounds of ${p.id}`);
    p.images.forEach((im) => assert.match(im.background, /^#[0-9a-f]{6}$/));
  });
});
test('product 51 in Electronics, 61 in Video Games', () => {
  assert.equal(products[50].departmentId, 5);
  assert.equal(products[60].departmentId, 6);
});
test('demo user', () => {
  const d = users[0];
  assert.deepEqual(
    [d.id, d.firstName, d.lastName, d.username, d.email],
    [1, 'Demo', 'Shopper', 'demo', 'demo@market.test'],
  );
});
test('users', () => {
  users.forEach((u, i) => {
    assert.equal(u.id, i + 1);
    assert.equal(keys(u), 'id,firstName,lastName,username,email,avatarUrl,passwordHash');
    assert.match(u.passwordHash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    assert.ok(u.username.length >= 3 && u.username.length <= 30);
    if (i > 0) assert.match(u.email, /^[a-z.]+@example\.com$/);
  });
  assert.equal(new Set(users.map((u) => u.username)).size, users.length, 'unique usernames');
  assert.equal(new Set(users.map((u) => u.email)).size, users.length, 'unique emails');
  assert.equal(new Set(users.map((u) => u.passwordHash)).size, users.length, 'unique hashes');
});
test('reviews', () => {
  assert.ok(reviews.length >= 600, `${reviews.length} reviews`);
  const userIds = new Set(users.map((u) => u.id));
  reviews.forEach((r, i) => {
    assert.equal(r.id, i + 1);
    assert.equal(keys(r), 'id,userId,productId,rating,title,description,createdAt');
    assert.notEqual(r.userId, 1, 'demo has no reviews');
    assert.ok(userIds.has(r.userId) && r.productId >= 1 && r.productId <= 156);
    assert.ok([1, 2, 3, 4, 5].includes(r.rating));
    assert.ok(r.title.length >= 5 && r.title.length <= 50, `title of review ${r.id}`);
    assert.ok(r.description.length >= 20 && r.description.length <= 255, `description of review ${r.id}`);
    assert.match(r.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(r.createdAt >= '2025-11-01T00:00:00Z' && r.createdAt < '2026-11-01T00:00:00Z', r.createdAt);
    if (i > 0) assert.ok(reviews[i - 1].createdAt <= r.createdAt, 'ordered by createdAt');
  });
  assert.equal(new Set(reviews.map((r) => `${r.userId}/${r.productId}`)).size, reviews.length, 'unique (user, product)');
  const perProduct = products.map((p) => reviews.filter((r) => r.productId === p.id).length);
  assert.ok(perProduct.filter((n) => n > 0).length >= 0.9 * products.length, 'at least 90% of products reviewed');
  assert.ok(Math.max(...perProduct) <= 9, 'at most 9 reviews per product');
});
test('every url is a file in assets/catalog', () => {
  const urls = [
    ...departments.map((d) => d.url),
    ...products.flatMap((p) => p.images.map((im) => im.url)),
    ...users.map((u) => u.avatarUrl),
  ];
  for (const url of urls) {
    assert.match(url, /^\/assets\/catalog\/[0-9a-f-]+\.webp$/);
    assert.ok(fs.existsSync(path.join(REPO, url.slice(1))), `${url} missing`);
  }
  const referenced = new Set(urls.map((u) => path.basename(u)));
  const onDisk = fs.readdirSync(path.join(REPO, 'assets/catalog')).filter((f) => f.endsWith('.webp'));
  assert.deepEqual(onDisk.filter((f) => !referenced.has(f)), [], 'no unreferenced pictures');
  assert.ok(fs.existsSync(path.join(REPO, 'assets/catalog/LICENSE.md')), 'LICENSE.md');
});

if (failures.length) {
  console.error(`catalog check FAILED:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
const stars = [1, 2, 3, 4, 5].map((n) => Math.round((100 * reviews.filter((r) => r.rating === n).length) / reviews.length));
console.log(`catalog check passed: ${departments.length} departments, ${products.length} products, `
  + `${users.length} users, ${reviews.length} reviews (1-5 stars: ${stars.join('/')} %)`);
