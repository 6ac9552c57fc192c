#!/usr/bin/env node
// Builds Market's seed catalog from the hand-written `source.json`:
//   - src/db/seed/catalog.json  (departments, products, users, reviews; loaded verbatim by
//     the Rust seeder, src/db/seed.rs)
//   - assets/catalog/*.webp     (the 3D Fluent Emoji pictures the catalog refers to)
//   - assets/catalog/LICENSE.md (the MIT notice for those pictures)
// Deterministic: every random choice (image counts, backgrounds, usernames, review counts,
// ratings, dates) comes from one fixed-seed PRNG, so a rerun writes byte-identical files.
// Passwords are the exception: the seeded shoppers' passwords and every argon2 salt come
// from the operating system's CSPRNG, so nobody can rerun the script to learn them; a
// rerun keeps the hashes already in catalog.json for the usernames it already holds.
//
// Usage: cd scripts/catalog && npm ci && node make-catalog.mjs

import { randomBytes as secureRandomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argon2id } from 'hash-wasm';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');
const SOURCE = path.join(HERE, 'source.json');
const EMOJI_PACKAGE = '@lobehub/fluent-emoji-3d';
const EMOJI_DIR = path.join(HERE, 'node_modules', EMOJI_PACKAGE, 'assets');
const OUT_JSON = path.join(REPO, 'src', 'db', 'seed', 'catalog.json');
const OUT_ASSETS = path.join(REPO, 'assets', 'catalog');
const URL_PREFIX = '/assets/catalog/';

const SEED = 'market-catalog-2026';
const DEPARTMENT_NAMES = [
  'Grocery', 'Household Essentials', 'Clothing', 'Home', 'Electronics', 'Video Games', 'Toys',
  'Pets', 'Furniture', 'Beauty', 'Kitchen & Dining', 'Sports & Outdoors', 'Baby',
];
const PRODUCTS_PER_DEPARTMENT = 12;
/** Soft tints behind the product pictures. */
const BACKGROUNDS = [
  '#fdecea', // rose
  '#fff1e0', // peach
  '#fff8d6', // butter
  '#e8f5e9', // mint
  '#e3f2fd', // sky
  '#ede7f6', // lavender
  '#fce4ec', // blush
  '#eceff1', // mist
];
const DEMO = {
  firstName: 'Demo', lastName: 'Shopper', username: 'demo', email: 'demo@market.test',
  password: 'password', avatar: '1f642',
};
// Argon2id parameters (OWASP minimum; what the Rust `argon2` crate uses by default).
const ARGON2 = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32, saltLength: 16 };
const SHOPPER_PASSWORD_BYTES = 18; // 24 base64url characters
// Review dates: the 12 months before this instant (UTC).
const REVIEWS_END = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const REVIEWS_START = Date.UTC(2025, 10, 1); // 2025-11-01T00:00:00Z
/** Relative weights of 0..9 reviews on a product. */
const REVIEW_COUNT_WEIGHTS = [4, 6, 8, 10, 12, 13, 13, 12, 11, 11];
/** Products that headline the landing page always carry a full set of reviews. */
const FEATURED_PRODUCTS = new Set([51, 61]);
/** Relative weights of ratings 1..5 (about 8/9/15/28/40 %). */
const RATING_WEIGHTS = [8, 9, 15, 28, 40];
/** Chance that a review uses a department-specific text when one is left for its rating. */
const DEPARTMENT_TEXT_CHANCE = 0.4;

// ---------------------------------------------------------------------------------------
// Deterministic PRNG: sfc32 seeded from a string with cyrb128.

function cyrb128(str) {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4; h2 ^= h1; h3 ^= h1; h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a, b, c, d) {
  return function next() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

const random = sfc32(...cyrb128(SEED));
for (let i = 0; i < 20; i++) random(); // warm up

/** Integer in [lo, hi], both inclusive. */
const randInt = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (items) => items[Math.floor(random() * items.length)];
function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
/** Index chosen with the given relative weights. */
function weighted(weights) {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

// ---------------------------------------------------------------------------------------
// Checks on the hand-written source.

const problems = [];
const check = (ok, message) => { if (!ok) problems.push(message); };
const pictureFile = (code) => `${code}.webp`;
const pictureUrl = (code) => URL_PREFIX + pictureFile(code);

function checkPicture(code, where) {
  if (typeof code !== 'string' || !/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code)) {
    problems.push(`${where}: picture "${code}" is not lowercase codepoints joined by "-"`);
  } else if (!fs.existsSync(path.join(EMOJI_DIR, pictureFile(code)))) {
    problems.push(`${where}: ${pictureFile(code)} is not in ${EMOJI_PACKAGE}`);
  }
}

function countSentences(text) {
  // A sentence ends with . ! or ? followed by a space or the end (not "2.5" or "5\"").
  return (text.match(/[.!?](?=\s|$)/g) ?? []).length;
}

function checkSource(source) {
  if (!fs.existsSync(EMOJI_DIR)) {
    throw new Error(`${EMOJI_DIR} is missing: run "npm ci" in scripts/catalog first`);
  }
  const depts = source.departments;
  check(depts.length === DEPARTMENT_NAMES.length, `expected ${DEPARTMENT_NAMES.length} departments`);
  const productPictures = new Map();
  depts.forEach((d, i) => {
    check(d.name === DEPARTMENT_NAMES[i], `department ${i + 1} should be ${DEPARTMENT_NAMES[i]}, is ${d.name}`);
    checkPicture(d.picture, `department ${d.name}`);
    check(d.products.length === PRODUCTS_PER_DEPARTMENT,
      `${d.name} has ${d.products.length} products, expected ${PRODUCTS_PER_DEPARTMENT}`);
    const brands = new Set(d.products.map((p) => p.brand));
    check(brands.size >= 3 && brands.size <= 6, `${d.name} uses ${brands.size} brands (want 3-6)`);
    for (const p of d.products) {
      const where = `${d.name} / ${p.name}`;
      check(typeof p.name === 'string' && p.name.length >= 3 && p.name.length <= 100, `${where}: name`);
      check(typeof p.brand === 'string' && p.brand.length >= 2, `${where}: brand`);
      check(Number.isInteger(p.priceCents) && p.priceCents > 0, `${where}: priceCents must be a positive integer`);
      const sentences = countSentences(p.description ?? '');
      check(sentences >= 2 && sentences <= 4, `${where}: description has ${sentences} sentences (want 2-4)`);
      checkPicture(p.picture, where);
      if (productPictures.has(p.picture)) {
        problems.push(`${where}: picture ${p.picture} already used by ${productPictures.get(p.picture)}`);
      }
      productPictures.set(p.picture, where);
    }
  });
  const names = new Set();
  const avatars = new Set([DEMO.avatar]);
  for (const s of source.shoppers) {
    const full = `${s.firstName} ${s.lastName}`;
    check(s.firstName.length >= 2 && s.firstName.length <= 25, `${full}: firstName 2-25`);
    check(s.lastName.length >= 2 && s.lastName.length <= 25, `${full}: lastName 2-25`);
    check(!names.has(full), `${full}: duplicate shopper`);
    names.add(full);
    checkPicture(s.avatar, `shopper ${full}`);
    check(!avatars.has(s.avatar), `${full}: avatar ${s.avatar} already used`);
    avatars.add(s.avatar);
  }
  const checkReview = (r, where) => {
    check(r.title.length >= 5 && r.title.length <= 50, `${where}: title "${r.title}" must be 5-50 chars`);
    check(r.description.length >= 20 && r.description.length <= 255,
      `${where}: description of "${r.title}" must be 20-255 chars (is ${r.description.length})`);
  };
  for (let rating = 1; rating <= 5; rating++) {
    const pool = source.reviews.generic[String(rating)] ?? [];
    check(pool.length >= 14, `generic reviews for ${rating} stars: ${pool.length} (want at least 14)`);
    const titles = new Set(pool.map((r) => r.title));
    check(titles.size === pool.length, `generic reviews for ${rating} stars repeat a title`);
    pool.forEach((r) => checkReview(r, `generic ${rating}-star review`));
  }
  for (const [dept, pool] of Object.entries(source.reviews.byDepartment ?? {})) {
    check(DEPARTMENT_NAMES.includes(dept), `reviews.byDepartment: unknown department ${dept}`);
    for (const r of pool) {
      check(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5, `${dept} review "${r.title}": rating`);
      checkReview(r, `${dept} review`);
    }
  }
  if (problems.length) {
    throw new Error(`source.json has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
  }
}

// ---------------------------------------------------------------------------------------
// Building the catalog.

const slug = (name) => name.normalize('NFKD').toLowerCase().replace(/[^a-z]/g, '');

async function hashPassword(password) {
  return argon2id({
    password,
    salt: secureRandomBytes(ARGON2.saltLength),
    parallelism: ARGON2.parallelism,
    iterations: ARGON2.iterations,
    memorySize: ARGON2.memorySize,
    hashLength: ARGON2.hashLength,
    outputType: 'encoded',
  });
}

function buildDepartments(source) {
  return source.departments.map((d, i) => ({ id: i + 1, name: d.name, url: pictureUrl(d.picture) }));
}

function buildProducts(source) {
  const products = [];
  source.departments.forEach((d, di) => {
    d.products.forEach((p, pi) => {
      const count = randInt(3, 5);
      const backgrounds = shuffled(BACKGROUNDS).slice(0, count);
      products.push({
        id: di * PRODUCTS_PER_DEPARTMENT + pi + 1,
        departmentId: di + 1,
        name: p.name,
        brand: p.brand,
        priceCents: p.priceCents,
        description: p.description,
        images: backgrounds.map((background) => ({ url: pictureUrl(p.picture), background })),
      });
    });
  });
  return products;
}

/** Hashes from the catalog this script wrote last time, by username. */
function previousHashes() {
  try {
    const old = JSON.parse(fs.readFileSync(path.join(REPO, 'src/db/seed/catalog.json'), 'utf8'));
    return new Map(old.users.map((u) => [u.username, u.passwordHash]));
  } catch {
    return new Map();
  }
}

async function buildUsers(source) {
  const kept = previousHashes();
  const hashFor = async (username, password) => kept.get(username) ?? (await hashPassword(password));
  const users = [{
    id: 1,
    firstName: DEMO.firstName,
    lastName: DEMO.lastName,
    username: DEMO.username,
    email: DEMO.email,
    avatarUrl: pictureUrl(DEMO.avatar),
    passwordHash: await hashFor(DEMO.username, DEMO.password),
  }];
  const taken = new Set([DEMO.username]);
  for (const s of source.shoppers) {
    const f = slug(s.firstName);
    const l = slug(s.lastName);
    const patterns = [
      () => `${f}.${l}`,
      () => `${f}${l[0]}`,
      () => `${f[0]}${l}`,
      () => `${f}_${l}`,
      () => `${f}${l}${randInt(10, 99)}`,
      () => `${f}.${l[0]}${randInt(1, 9)}`,
    ];
    let username = pick(patterns)();
    while (taken.has(username) || username.length < 3 || username.length > 30) {
      username = `${f}${l}${randInt(100, 999)}`.slice(0, 30);
    }
    taken.add(username);
    // A random password nobody keeps (from the CSPRNG, not the seeded PRNG): the
    // account exists only to sign reviews.
    const password = secureRandomBytes(SHOPPER_PASSWORD_BYTES).toString('base64url');
    users.push({
      id: users.length + 1,
      firstName: s.firstName,
      lastName: s.lastName,
      username,
      email: `${f}.${l}@example.com`,
      avatarUrl: pictureUrl(s.avatar),
      passwordHash: await hashFor(username, password),
    });
  }
  return users;
}

const isoSeconds = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function buildReviews(source, products, users) {
  const shopperIds = users.filter((u) => u.username !== DEMO.username).map((u) => u.id);
  const generic = source.reviews.generic;
  const byDepartment = source.reviews.byDepartment ?? {};
  const drafts = [];
  for (const product of products) {
    const deptName = DEPARTMENT_NAMES[product.departmentId - 1];
    const count = FEATURED_PRODUCTS.has(product.id) ? 9 : weighted(REVIEW_COUNT_WEIGHTS);
    const reviewers = shuffled(shopperIds).slice(0, count);
    const usedTitles = new Set();
    for (const userId of reviewers) {
      const rating = weighted(RATING_WEIGHTS) + 1;
      const fresh = (pool) => pool.filter((r) => !usedTitles.has(r.title));
      const deptPool = fresh((byDepartment[deptName] ?? []).filter((r) => r.rating === rating));
      const genericPool = fresh(generic[String(rating)]);
      const useDept = deptPool.length > 0 && random() < DEPARTMENT_TEXT_CHANCE;
      const text = pick(useDept || genericPool.length === 0 ? deptPool : genericPool);
      usedTitles.add(text.title);
      const at = REVIEWS_START + Math.floor(random() * ((REVIEWS_END - REVIEWS_START) / 1000)) * 1000;
      drafts.push({ userId, productId: product.id, rating, title: text.title, description: text.description, at });
    }
  }
  // Ids follow time; ties (same second) keep their generation order.
  drafts.sort((a, b) => a.at - b.at);
  return drafts.map((r, i) => ({
    id: i + 1,
    userId: r.userId,
    productId: r.productId,
    rating: r.rating,
    title: r.title,
    description: r.description,
    createdAt: isoSeconds(r.at),
  }));
}

// ---------------------------------------------------------------------------------------
// Pictures and their licence.

function copyPictures(catalog) {
  const urls = new Set([
    ...catalog.departments.map((d) => d.url),
    ...catalog.products.flatMap((p) => p.images.map((im) => im.url)),
    ...catalog.users.map((u) => u.avatarUrl),
  ]);
  const files = [...urls].map((u) => u.slice(URL_PREFIX.length)).sort();
  fs.mkdirSync(OUT_ASSETS, { recursive: true });
  let bytes = 0;
  for (const file of files) {
    const from = path.join(EMOJI_DIR, file);
    const to = path.join(OUT_ASSETS, file);
    const data = fs.readFileSync(from);
    bytes += data.length;
    if (!fs.existsSync(to) || !fs.readFileSync(to).equals(data)) fs.writeFileSync(to, data);
  }
  const wanted = new Set(files);
  const removed = [];
  for (const file of fs.readdirSync(OUT_ASSETS)) {
    if (file.endsWith('.webp') && !wanted.has(file)) {
      fs.unlinkSync(path.join(OUT_ASSETS, file));
      removed.push(file);
    }
  }
  return { files, bytes, removed };
}

function licenceText(files) {
  const version = JSON.parse(
    fs.readFileSync(path.join(HERE, 'node_modules', EMOJI_PACKAGE, 'package.json'), 'utf8'),
  ).version;
  return `# Licence of the catalog pictures

The ${files.length} \`.webp\` pictures in this folder (\`assets/catalog/\`) are 3D Fluent Emoji,
copied unchanged from the npm package \`${EMOJI_PACKAGE}\` version ${version} by
\`scripts/catalog/make-catalog.mjs\`. Fluent Emoji are made by Microsoft
(https://github.com/microsoft/fluentui-emoji); the WebP package is published by LobeHub
(https://github.com/lobehub/fluent-emoji). Both are released under the MIT License below,
which covers every \`.webp\` file in this folder:

${files.map((f) => `- \`${f}\``).join('\n')}

---

MIT License

Copyright (c) Microsoft Corporation (Fluent Emoji, https://github.com/microsoft/fluentui-emoji)
Copyright (c) 2023 LobeHub (@lobehub/fluent-emoji-3d packaging, https://github.com/lobehub/fluent-emoji)

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
}

// ---------------------------------------------------------------------------------------
// Checks on the result, so a bad seed or source edit fails loudly instead of shipping.

function checkCatalog(catalog) {
  const { departments, products, users, reviews } = catalog;
  const fail = [];
  const ensure = (ok, message) => { if (!ok) fail.push(message); };
  ensure(products.find((p) => p.id === 51)?.departmentId === 5, 'product 51 must be in department 5');
  ensure(products.find((p) => p.id === 61)?.departmentId === 6, 'product 61 must be in department 6');
  ensure(products.every((p) => p.images.length >= 3 && p.images.length <= 5), 'every product needs 3-5 images');
  ensure(new Set(users.map((u) => u.username)).size === users.length, 'usernames must be unique');
  ensure(new Set(users.map((u) => u.email)).size === users.length, 'emails must be unique');
  ensure(reviews.length >= 600, `only ${reviews.length} reviews (want at least 600)`);
  ensure(reviews.every((r) => r.userId !== 1), 'the demo shopper must have no reviews');
  const pairs = new Set(reviews.map((r) => `${r.userId}/${r.productId}`));
  ensure(pairs.size === reviews.length, 'at most one review per shopper and product');
  const reviewed = new Set(reviews.map((r) => r.productId));
  ensure(reviewed.size >= Math.ceil(products.length * 0.9), `only ${reviewed.size} products have reviews`);
  ensure(reviews.every((r, i) => i === 0 || reviews[i - 1].createdAt <= r.createdAt), 'reviews must be in time order');
  ensure(departments.length === 13 && products.length === 156, 'expected 13 departments and 156 products');
  if (fail.length) throw new Error(`generated catalog is invalid:\n  - ${fail.join('\n  - ')}`);
}

// ---------------------------------------------------------------------------------------

async function main() {
  const source = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
  checkSource(source);

  const departments = buildDepartments(source);
  const products = buildProducts(source);
  const users = await buildUsers(source);
  const reviews = buildReviews(source, products, users);
  const catalog = { departments, products, users, reviews };
  checkCatalog(catalog);

  fs.mkdirSync(path.dirname(OUT_JSON), { recursive: true });
  const json = `${JSON.stringify(catalog, null, 2)}\n`;
  fs.writeFileSync(OUT_JSON, json);
  const pictures = copyPictures(catalog);
  fs.writeFileSync(path.join(OUT_ASSETS, 'LICENSE.md'), licenceText(pictures.files));

  const ratingCounts = [1, 2, 3, 4, 5].map((n) => reviews.filter((r) => r.rating === n).length);
  const reviewedProducts = new Set(reviews.map((r) => r.productId)).size;
  const rel = (p) => path.relative(REPO, p);
  console.log(`Wrote ${rel(OUT_JSON)} (${json.length.toLocaleString('en-US')} bytes)`);
  console.log(`  departments: ${departments.length}`);
  console.log(`  products:    ${products.length} (${products.reduce((n, p) => n + p.images.length, 0)} images)`);
  console.log(`  users:       ${users.length} (demo + ${users.length - 1} shoppers)`);
  console.log(`  reviews:     ${reviews.length} on ${reviewedProducts}/${products.length} products; `
    + `ratings 1-5: ${ratingCounts.join(' / ')}; ${reviews[0].createdAt} .. ${reviews.at(-1).createdAt}`);
  console.log(`Pictures in ${rel(OUT_ASSETS)}: ${pictures.files.length} copied, `
    + `${pictures.bytes.toLocaleString('en-US')} bytes in all`
    + (pictures.removed.length ? `; removed ${pictures.removed.length} stale: ${pictures.removed.join(', ')}` : ''));
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
