/**
 * The Curves' level maps on the production build: the shipped classroom recording replayed for two
 * iterations draws held-out accuracy per level (the base model first) beside the pool's level mix and
 * the repeated and admitted shares, each cell's value as the recording's own evaluation and pool
 * records give it; every cell has a tooltip in the page's language, reached with the keys too.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { RECORDED_PER_ITERATION, waitForRecords, watchPage } from './app-checks';

const CLASSROOM = 'public/runs/classroom-seed1.json';
const file = JSON.parse(readFileSync(CLASSROOM, 'utf8')) as {
  baseline: { byDifficulty: { difficulty: number; accuracy: number }[] };
  trace: PhaseRecord[];
};
/** The recording's held-out accuracy at `level` after `iteration`, read off its evaluation record. */
const recordedAccuracy = (iteration: number, level: number) => {
  const r = file.trace.find((x) => x.phase === 'evaluation' && x.iteration === iteration);
  return r?.phase === 'evaluation' ? r.result.byDifficulty.find((d) => d.difficulty === level)?.accuracy : undefined;
};

for (const [lang, title, tipStart] of [
  ['en', 'Held-out accuracy per level', 'level 3, the base model: held-out accuracy 95.0% of 20 questions'],
  ['ko', '난이도별 검증 정확도', '난이도 3, 기본 모델: 문제 20개 중 검증 정확도 95.0%'],
] as const) {
  test.describe(`${lang}, ${lang === 'en' ? '1280×720' : '1920×1080'}`, () => {
    test.use({ viewport: lang === 'en' ? { width: 1280, height: 720 } : { width: 1920, height: 1080 } });

    test(`the level maps draw the recording's per-level figures (${lang})`, async ({ page }) => {
      const seen = watchPage(page);
      await page.goto(`/?mode=replay&lang=${lang}`);
      await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
      await page.keyboard.press('i');
      await waitForRecords(page, RECORDED_PER_ITERATION, 60_000);
      await page.keyboard.press('i');
      await waitForRecords(page, 2 * RECORDED_PER_ITERATION, 60_000);
      const maps = page.locator('[data-view="curves"] [data-testid="level-maps"]');
      await expect(maps.locator('svg[data-level-grid]')).toHaveCount(4);
      await expect(maps).toContainText(title);
      const acc = maps.locator('svg[data-level-grid="accuracy"] [data-mark="level-cell"]');
      await expect(acc).toHaveCount(3 * 7); // base, iterations 1 and 2
      const value = (level: number, iteration: number) =>
        acc.and(page.locator(`[data-level="${level}"][data-iteration="${iteration}"]`)).getAttribute('data-value');
      // The ladder base's row as npm run eval:base measures it (levels 1–7: 1.00 0.95 0.95 1.00 0.00
      // 0.00 0.00, docs/experiments.md), and iterations 1–2 as the recording's evaluation records hold them.
      const base = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((d) => value(d, 0)));
      expect(base.map(Number)).toEqual([1, 0.95, 0.95, 1, 0, 0, 0]);
      for (const it of [1, 2])
        for (const d of [1, 4, 7]) expect(Number(await value(d, it))).toBe(recordedAccuracy(it, d));
      // The pool map: each iteration's shares sum to 1 (the pool's levelled questions).
      const pool = await maps
        .locator('svg[data-level-grid="pool"] [data-mark="level-cell"][data-iteration="1"]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(pool).toHaveLength(7);
      expect(pool.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      // The first accuracy cell (level 7, the base model) is in the Tab order; hover names the value.
      const cell = acc.and(page.locator('[data-level="3"][data-iteration="0"]'));
      await cell.hover();
      await expect(page.getByRole('tooltip')).toContainText(tipStart);
      expect(seen.errors).toEqual([]);
    });
  });
}
