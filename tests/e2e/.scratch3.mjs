import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
const page = await ctx.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('download', (d) => console.log('download event', d.suggestedFilename()));
await page.goto('http://localhost:5475/?mode=replay');
for (let i = 0; i < 9; i++) {
  await page.waitForFunction(() => { const b = document.querySelector('[data-action="step"]'); return b && !b.disabled; }, null, { timeout: 60000 });
  await page.keyboard.press('s');
  await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) >= n, i + 1, { timeout: 60000 });
}
for (const v of ['adpo-curves', 'reward-parts', 'curves']) {
  const f = page.locator(`[data-view="${v}"]`);
  await f.scrollIntoViewIfNeeded();
  for (const fmt of ['svg', 'png']) {
    console.log('click', v, fmt);
    await f.locator(`[data-action="figure-${fmt}"]`).click();
    await page.waitForTimeout(2000);
    console.log('alert:', await f.locator('[role="alert"]').allTextContents());
  }
}
await browser.close();
