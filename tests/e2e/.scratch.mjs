import { chromium } from '@playwright/test';
import fs from 'node:fs';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url);
for (let i = 0; i < 10; i++) {
  await page.waitForFunction(() => { const b = document.querySelector('[data-action="step"]'); return b && !b.disabled; }, null, { timeout: 60000 });
  await page.keyboard.press('s');
  await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) >= n, i + 1, { timeout: 60000 });
}
for (const v of ['adpo-curves', 'reward', 'curves']) {
  const f = page.locator(`[data-view="${v}"]`).first();
  if (await f.count() === 0) { console.log('no', v); continue; }
  await f.scrollIntoViewIfNeeded();
  await f.screenshot({ path: `/tmp/figs/${v}.png` });
  const [d] = await Promise.all([page.waitForEvent('download'), f.locator('[data-action="figure-svg"]').click()]);
  await d.saveAs(`/tmp/figs/${v}-export.svg`);
  console.log(v, d.suggestedFilename());
  const [p] = await Promise.all([page.waitForEvent('download'), f.locator('[data-action="figure-png"]').click()]);
  await p.saveAs(`/tmp/figs/${v}-export.png`);
  console.log(v, p.suggestedFilename());
}
const f = page.locator('[data-view="adpo-curves"]');
await f.locator('[data-action="figure-full"]').click();
await page.waitForTimeout(800);
console.log('full', await f.getAttribute('data-full'), await page.evaluate(() => document.fullscreenElement?.getAttribute('data-view')));
await page.screenshot({ path: '/tmp/figs/full.png' });
await page.keyboard.press('Escape');
await page.waitForTimeout(500);
console.log('after esc', await f.getAttribute('data-full'), await page.evaluate(() => document.fullscreenElement?.getAttribute('data-view') ?? null));
await browser.close();
