// Screenshots of screens at desktop (1280 px) and phone (390 px) widths, to look at.
//   node e2e/shoot.mjs BASE_URL OUT_DIR PATH[@Button name] ...
// "PATH@Name" clicks the button named "Name" before the shot (e.g. "/@Categories").
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const [base, outDir, ...shots] = process.argv.slice(2);
if (!base || !outDir || shots.length === 0) {
  console.error('usage: node e2e/shoot.mjs BASE_URL OUT_DIR PATH[@Button] ...');
  process.exit(2);
}
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
for (const [label, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  for (const shot of shots) {
    const [path, click] = shot.split('@');
    await page.goto(base + path, { waitUntil: 'networkidle' });
    if (click) await page.getByRole('button', { name: click }).first().click();
    await page.waitForTimeout(300);
    const name = `${(path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home')}${click ? '-' + click.replace(/\W+/g, '') : ''}-${label}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: !click });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
