import { chromium } from '@playwright/test';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
const t0 = Date.now();
await page.goto(url);
for (let i = 0; i < 9; i++) {
  await page.waitForFunction(() => { const b = document.querySelector('[data-action="step"]'); return b && !b.disabled; }, null, { timeout: 400000 });
  await page.keyboard.press('s');
  await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) >= n, i + 1, { timeout: 400000 });
  console.log('phase', i + 1, Math.round((Date.now() - t0) / 1000), 's');
}
await page.waitForFunction(() => { const b = document.querySelector('[data-action="step"]'); return b && !b.disabled; }, null, { timeout: 400000 });
const f = page.locator('[data-view="adpo-curves"]');
await f.scrollIntoViewIfNeeded();
await f.screenshot({ path: '/tmp/figs/live-grpo-adpo.png' });
console.log(await f.innerText());
console.log((await page.locator('[data-mark="formula"] annotation').allTextContents()).join('\n'));
await browser.close();
