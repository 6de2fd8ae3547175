import { chromium } from '@playwright/test';
import fs from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
const page = await ctx.newPage();
await page.goto('http://localhost:5475/?mode=replay');
for (let i = 0; i < 9; i++) {
  await page.waitForFunction(() => { const b = document.querySelector('[data-action="step"]'); return b && !b.disabled; }, null, { timeout: 60000 });
  await page.keyboard.press('s');
  await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) >= n, i + 1, { timeout: 60000 });
}
const f = page.locator('[data-view="reward-parts"]');
await f.scrollIntoViewIfNeeded();
const info = await f.evaluate((f) => {
  const svgs = [...f.querySelectorAll('[data-figure-body] svg')];
  return svgs.map((s) => ({ cls: s.getAttribute('class'), w: s.getBoundingClientRect().width, katex: !!s.closest('.katex'), rects: s.querySelectorAll('rect').length, nested: !!s.parentElement?.closest('svg') }));
});
console.log(JSON.stringify(info));
const [d] = await Promise.all([page.waitForEvent('download'), f.locator('[data-action="figure-svg"]').click()]);
await d.saveAs('/tmp/figs/reward.svg');
await browser.close();
