/**
 * The app without WebGPU (plain headless flags): the page says so and offers the recorded run,
 * which replays phase by phase into the same views; a missing recording gets a clear message.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { asRecordedRun, type RecordedRun } from '../../src/engine/files/recording';
import {
  checkPhaseView,
  receivedTrace,
  screenshotChapters,
  waitForRecords,
  watchPage,
  RECORDED_PER_ITERATION,
} from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/** The shipped recording as the page reads it (records of earlier builds in the current shape). */
const recorded = (): RecordedRun => asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));

test('no WebGPU: the page says so, and the recorded run replays into every view', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const seen = watchPage(page);
  const run = recorded();
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-testid="no-webgpu"]')).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-backend]')).not.toHaveAttribute('data-backend', 'webgpu');
  await page.getByRole('button', { name: 'Replay the recorded classroom run instead' }).click();
  await expect(page).toHaveURL(/mode=replay/);
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', `recorded · ${run.backend}`);

  for (let i = 0; i < RECORDED_PER_ITERATION; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled();
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 10_000);
    const record = (await receivedTrace(page))[i];
    expect(record).toEqual(run.trace[i]);
    if (record) await checkPhaseView(page, record, run.config);
  }
  // Every chapter as an image for review, on request: under load one element screenshot of a tall
  // chapter once waited out the test's 5 minutes in CI (the replay itself had passed every check).
  if (process.env.SCREENSHOT_CHAPTERS) await screenshotChapters(page, (name) => testInfo.outputPath(`replay-${name}`));
  if (process.env.UPDATE_SCREENSHOT) {
    await page.evaluate(() => document.getElementById('ch-reward')?.scrollIntoView());
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: 'docs/screenshot.png' });
  }

  // Hovering a formula term lights the marks that feed it; a focused mark shows its numbers.
  const bars = page.locator('[data-mark="adv-bar"][data-role="questioner"]');
  await page.locator('[data-view="grpo-groups"] [data-term="A"]').hover();
  await expect(page.locator('[data-mark="adv-bar"][data-role="questioner"].lit')).toHaveCount(await bars.count());
  await bars.first().focus();
  await expect(page.getByRole('tooltip')).toContainText('A = ');

  // The rest of the recording plays with "Run iteration", then the controls say it has ended.
  while ((await receivedTrace(page)).length < run.trace.length) {
    const before = (await receivedTrace(page)).length;
    await page.locator('[data-action="iteration"]').click();
    await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) > n, before);
    await expect(page.locator('[data-action="pause"]')).toBeDisabled();
  }
  await expect(page.locator('[data-action="step"]')).toBeDisabled();
  await expect(page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]')).toHaveCount(
    run.summaries.length,
  );

  // Pointing at a curve point shows its numbers in the tooltip; pointing away takes them off.
  const point = page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]').last();
  await point.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  const label = await point.getAttribute('aria-label');
  expect(label).toContain(`iteration ${run.summaries.length}: `);
  expect((await page.getByRole('tooltip').textContent())?.replaceAll('\n', ', ')).toBe(label);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  // From a focused point, End walks to the view's last point (out of the Tab order) and shows its numbers.
  await point.focus();
  await page.keyboard.press('End');
  const last = page.locator('[data-view="curves"] [data-mark="curve-point"]').last();
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('tabindex', '-1');
  expect((await page.getByRole('tooltip').textContent())?.replaceAll('\n', ', ')).toBe(
    await last.getAttribute('aria-label'),
  );
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});

test('a missing recording is reported plainly', async ({ page }) => {
  await page.route('**/runs/classroom-seed1.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/?mode=replay');
  await expect(page.locator('[data-testid="status"]')).toContainText(
    'The recorded run /runs/classroom-seed1.json is missing (HTTP 404)',
  );
  await expect(page.locator('[data-action="step"]')).toBeDisabled();
});
