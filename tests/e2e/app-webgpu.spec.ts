/**
 * The app on WebGPU (SwiftShader in headless Chromium): the `tiny` preset from the URL, one phase
 * at a time through a whole iteration; every view must draw what the engine's trace says.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { WEBGPU_LAUNCH } from './webgpu-launch';
import { makeConfig } from '../../src/core/config';
import { parseOverrides } from '../../src/engine/loop/overrides';
import { PHASES, type PhaseRecord } from '../../src/engine/loop/trace';
import { checkPhaseView, openMenu, receivedTrace, screenshotChapters, waitForRecords, watchPage } from './app-checks';

test.use({
  viewport: { width: 1280, height: 720 },
  launchOptions: WEBGPU_LAUNCH,
});

/** Keep every labelled question with a majority, so the executor update has work on the tiny preset. */
const OVERRIDES = ['curation.minScore=0.1'];

test('tiny preset on WebGPU: each phase draws the trace it produced', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const seen = watchPage(page);
  const config = makeConfig('tiny', { ...parseOverrides(OVERRIDES), seed: 1 });
  // SwiftShader is a fallback adapter: the page uses it only when the address asks for WebGPU.
  const query = new URLSearchParams([['preset', 'tiny'], ['backend', 'webgpu'], ...OVERRIDES.map((o) => ['set', o])]);
  await page.goto(`/?${query}`);
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'webgpu', { timeout: 120_000 });
  await expect(page.locator('.badge')).toContainText('WebGPU');
  // The fused generation and training kernels passed their start-up checks on this adapter, and the badge says so.
  await page.locator('[data-backend] summary').click();
  await expect(page.locator('[data-testid="backend-why"]')).toContainText(
    'Generation runs fused kernels: each layer of a token step in seven GPU dispatches',
  );
  await expect(page.locator('[data-testid="backend-why"]')).toContainText(
    'Training runs fused kernels for causal attention',
  );
  await page.locator('[data-backend] summary').click();

  const timings: string[] = [];
  for (let i = 0; i < PHASES.length; i++) {
    const t0 = Date.now();
    await page.locator('[data-action="step"]').click();
    await waitForRecords(page, i + 1, 300_000);
    const record = (await receivedTrace(page))[i];
    if (!record) throw new Error(`no record ${i}`);
    expect(record.phase).toBe(PHASES[i]);
    timings.push(`${record.phase}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await checkPhaseView(page, record, config);
  }
  writeFileSync(testInfo.outputPath('phase-timings.txt'), `${timings.join('\n')}\n`);
  await screenshotChapters(page, (name) => testInfo.outputPath(`webgpu-${name}`));

  // Save to IndexedDB, export (two downloads), load back: the trace survives the round trip.
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await openMenu(page);
  await page.locator('[data-action="save"]').click();
  await expect(page.locator('.notice')).toContainText('Saved in this browser', { timeout: 60_000 });
  await page.locator('[data-action="export"]').click();
  await expect
    .poll(() => [...downloads].sort(), { timeout: 60_000 })
    .toEqual(['agent0-arguments.txt', 'agent0-curated.parquet']);
  const where = (trace: PhaseRecord[]) => trace.map((r) => `${r.iteration}.${r.step} ${r.phase}`);
  const before = where(await receivedTrace(page));
  await page.locator('[data-action="load"]').click();
  await expect(page.locator('.notice')).toContainText('Loaded the saved run', { timeout: 60_000 });
  expect(where(await receivedTrace(page))).toEqual(before);
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});
