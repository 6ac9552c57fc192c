// Screenshots of screens at desktop (1280 px) and phone (390 px) widths, to look at.
//   node e2e/shoot.mjs BASE_URL OUT_DIR PATH[@Button name] ...
// "PATH@Name" clicks the button named "Name" before the shot (e.g. "/@Categories").
// SHOOT_LOGIN=user:password signs in first (e.g. SHOOT_LOGIN=demo:password).
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
  if (process.env.SHOOT_LOGIN) await signIn(page, ...process.env.SHOOT_LOGIN.split(':'));
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

// Signs in through the API from inside the page, so the browser holds the session cookie.
async function signIn(page, credential, password) {
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await page.evaluate(
    async ([credential, password]) => {
      await fetch('/api/session');
      const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
      const response = await fetch('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'XSRF-Token': decodeURIComponent(cookie.slice(11)) },
        body: JSON.stringify({ credential, password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    },
    [credential, password],
  );
}
