// Draws the four pages of the weekly ad as SVG files, plus the module that lists them
// with their alt texts, into web/src/features/marketing/weeklyad/.
//   node scripts/weeklyad/make-pages.mjs
// Prices are the seed catalog's, so the ad never promises a price the checkout won't charge.
// The pictures are embedded as data URIs because a browser showing an SVG through <img>
// fetches nothing the SVG refers to, not even same-origin files.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'web/src/features/marketing/weeklyad');
const catalog = JSON.parse(await readFile(join(root, 'src/db/seed/catalog.json'), 'utf8'));

// Each page: a hero product and four tiles; `lines` is the product's name as set in the ad.
const pages = [
  {
    kicker: 'FRESH START',
    headline: 'New year, fresh pantry',
    hero: { id: 8, lines: ['Medium Roast', 'Ground Coffee, 12 oz'] },
    tiles: [
      { id: 1, lines: ['Honeycrisp Apples', '3 lb bag'] },
      { id: 3, lines: ['Hass Avocados', '4 count'] },
      { id: 4, lines: ['Rustic Sourdough', 'Loaf, 24 oz'] },
      { id: 6, lines: ['Large Brown Eggs', '12 count'] },
    ],
  },
  {
    kicker: 'TECH THAT KEEPS UP',
    headline: 'Big screens, big sound',
    hero: { id: 51, lines: ['Lumen 65" 4K UHD', 'QLED Smart TV'] },
    tiles: [
      { id: 52, lines: ['Sonora Wireless', 'Headphones'] },
      { id: 54, lines: ['Voltaic Pulse', 'Smartwatch, 44mm'] },
      { id: 57, lines: ['Sonora Boom', 'Bluetooth Speaker'] },
      { id: 50, lines: ['Voltaic X12', 'Smartphone, 128GB'] },
    ],
  },
  {
    kicker: 'GAME NIGHT',
    headline: 'Play more this week',
    hero: { id: 61, lines: ['Nova Orbit', 'Console, 1TB'] },
    tiles: [
      { id: 63, lines: ['Wyrmfrost: Embers', 'of the North'] },
      { id: 65, lines: ['Starward', 'Odyssey'] },
      { id: 62, lines: ['Nova Retro', 'Arcade Mini'] },
      { id: 82, lines: ['Family Game Night', 'Collection'] },
    ],
  },
  {
    kicker: 'HOME REFRESH',
    headline: 'Cozy up for the season',
    hero: { id: 122, lines: ['Enameled Cast Iron', 'Dutch Oven, 6 qt'] },
    tiles: [
      { id: 37, lines: ['Lavender & Cedar', 'Soy Candle'] },
      { id: 43, lines: ['Faux Peony', 'Bouquet'] },
      { id: 103, lines: ['Ergonomic Mesh', 'Office Chair'] },
      { id: 145, lines: ['Anti-Colic Baby', 'Bottles, 3 pack'] },
    ],
  },
];

const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const product = (id) => {
  const p = catalog.products.find((p) => p.id === id);
  if (!p) throw new Error(`no product ${id} in the catalog`);
  return p;
};
const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;

async function picture(url, x, y, size) {
  const bytes = await readFile(join(root, url.replace(/^\//, '')));
  return `<image x="${x}" y="${y}" width="${size}" height="${size}" href="data:image/webp;base64,${bytes.toString('base64')}"/>`;
}

// A shelf-tag price: small dollar sign and cents raised beside big dollars.
function price(cents, x, y, big) {
  const whole = Math.floor(cents / 100);
  const part = String(cents % 100).padStart(2, '0');
  const small = Math.round(big * 0.42);
  const lift = Math.round(big * 0.4);
  return `<text x="${x}" y="${y}" fill="#cc0000" font-weight="800"><tspan font-size="${small}" dy="-${lift}">$</tspan><tspan font-size="${big}" dy="${lift}" letter-spacing="-1">${whole}</tspan><tspan font-size="${small}" dy="-${lift}">${part}</tspan></text>`;
}

const lines = (texts, x, y, size, gap) =>
  texts.map((t, i) => `<text x="${x}" y="${y + i * gap}" font-size="${size}" font-weight="700" fill="#333">${escape(t)}</text>`).join('');

async function hero({ id, lines: name }) {
  const p = product(id);
  const [image] = p.images;
  return [
    `<rect x="40" y="244" width="720" height="320" rx="24" fill="${image.background}"/>`,
    await picture(image.url, 472, 274, 270),
    '<rect x="72" y="276" width="150" height="36" rx="18" fill="#cc0000"/>',
    '<text x="147" y="300" text-anchor="middle" font-size="16" font-weight="800" letter-spacing="1.5" fill="#fff">TOP DEAL</text>',
    lines(name, 72, 362, 32, 40),
    `<text x="72" y="436" font-size="18" fill="#666">${escape(p.brand)}</text>`,
    price(p.priceCents, 72, 520, 92),
    '<text x="72" y="548" font-size="17" fill="#333">Save an extra 5% with RedCard</text>',
  ].join('');
}

async function tile({ id, lines: name }, x, y) {
  const p = product(id);
  const [image] = p.images;
  return [
    `<rect x="${x}" y="${y}" width="350" height="180" rx="20" fill="${image.background}"/>`,
    await picture(image.url, x + 228, y + 34, 108),
    lines(name, x + 24, y + 46, 18, 24),
    price(p.priceCents, x + 24, y + 150, 52),
  ].join('');
}

async function svg(page, number) {
  const tiles = await Promise.all(
    page.tiles.map((t, i) => tile(t, i % 2 === 0 ? 40 : 410, i < 2 ? 588 : 788)),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1040" width="800" height="1040" font-family="${escape(font)}">
<!-- Written by scripts/weeklyad/make-pages.mjs. Product pictures: 3D Fluent Emoji by Microsoft, MIT License (see assets/catalog/LICENSE.md). -->
<defs><linearGradient id="band" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cc0000"/><stop offset="1" stop-color="#8f0000"/></linearGradient></defs>
<rect width="800" height="1040" fill="#fff"/>
<rect width="800" height="112" fill="url(#band)"/>
<circle cx="68" cy="56" r="28" fill="#fff"/><circle cx="68" cy="56" r="18.5" fill="#cc0000"/><circle cx="68" cy="56" r="9" fill="#fff"/>
<text x="110" y="68" font-size="34" font-weight="800" fill="#fff">Market</text>
<text x="760" y="52" text-anchor="end" font-size="26" font-weight="800" fill="#fff">Weekly Ad</text>
<text x="760" y="82" text-anchor="end" font-size="17" fill="#fff">Prices valid Jan 1 - Jan 7</text>
<text x="40" y="164" font-size="18" font-weight="800" letter-spacing="3" fill="#cc0000">${escape(page.kicker)}</text>
<text x="40" y="218" font-size="50" font-weight="800" fill="#333">${escape(page.headline)}</text>
${await hero(page.hero)}
${tiles.join('\n')}
<rect y="988" width="800" height="52" fill="#333"/>
<text x="40" y="1020" font-size="17" fill="#fff">5% off every day with RedCard · Free delivery on every order</text>
<text x="760" y="1020" text-anchor="end" font-size="17" font-weight="700" fill="#fff">Page ${number} of ${pages.length}</text>
</svg>
`;
}

const alt = (page, number) =>
  `Weekly ad page ${number} of ${pages.length}, ${page.headline}: ` +
  [page.hero, ...page.tiles].map(({ id }) => `${product(id).name}, ${dollars(product(id).priceCents)}`).join('; ') +
  '.';

for (const [i, page] of pages.entries()) await writeFile(join(outDir, `page-${i + 1}.svg`), await svg(page, i + 1));

const module = `// Written by scripts/weeklyad/make-pages.mjs: edit the script and rerun it, not this file.
${pages.map((_, i) => `import page${i + 1} from './page-${i + 1}.svg';`).join('\n')}

export interface AdPage {
  src: string;
  alt: string;
}

export const adPages: readonly AdPage[] = [
${pages.map((p, i) => `  { src: page${i + 1}, alt: ${quote(alt(p, i + 1))} },`).join('\n')}
];
`;
await writeFile(join(outDir, 'adPages.ts'), module);
console.log(`wrote ${pages.length} pages to ${outDir}`);
