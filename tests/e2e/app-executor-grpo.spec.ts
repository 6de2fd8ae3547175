/**
 * A run whose executor ran GRPO (`executor.algorithm=grpo`, the shipped "as released" recording served
 * as the recorded run): the ADPO chapter's first figure says the run used GRPO and shows the clip band
 * its update used; it draws no g(s), no ε_high(s), and prints no ADPO formula.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { asRecordedRun } from '../../src/engine/files/recording';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

const FILE = 'public/runs/compare-as-released.json';

test('under GRPO the ADPO figure shows what GRPO used, not ADPO’s formula', async ({ page }) => {
  const run = asRecordedRun(JSON.parse(readFileSync(FILE, 'utf8')));
  expect(run.config.executor.algorithm).toBe('grpo');
  const until = run.trace.findIndex((r) => r.phase === 'executor-update') + 1;
  const record = run.trace[until - 1] as Extract<PhaseRecord, { phase: 'executor-update' }>;
  const schedule = record.stats?.schedule;
  expect(record.questions.length).toBeGreaterThan(0);
  expect(schedule?.epsHigh).not.toBeNull();

  await page.route('**/runs/classroom-seed1.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: readFileSync(FILE, 'utf8') }),
  );
  const seen = watchPage(page);
  await page.goto('/?mode=replay');
  for (let i = 0; i < until; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 30_000);
  }
  expect((await receivedTrace(page)).at(-1)?.phase).toBe('executor-update');

  const figure = page.locator('[data-view="adpo-curves"]');
  const note = figure.locator('[data-mark="executor-grpo"]');
  await expect(note).toContainText('GRPO');
  await expect(note).toHaveAttribute('data-eps-low', String(schedule?.epsLow));
  await expect(note).toHaveAttribute('data-eps-high', String(schedule?.epsHigh));
  await expect(figure.locator('[data-mark="g-point"], [data-mark="eps-point"], [data-mark="trust-band"]')).toHaveCount(
    0,
  );
  const tex = await figure.locator('[data-mark="formula"] annotation').allTextContents();
  expect(tex.join('\n')).toContain(`\\htmlData{term=band}{${1 - (schedule?.epsLow ?? 0)}}`);
  expect(tex.join('\n')).toContain(`\\htmlData{term=band}{${1 + (schedule?.epsHigh ?? 0)}}`);
  expect(tex.join('\n')).not.toMatch(/g\(s\)|varepsilon_\{high\}/);
  expect(seen.errors).toEqual([]);
});
