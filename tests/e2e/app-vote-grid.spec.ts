/**
 * The vote grid at every width (issue 61 item 5): below about 850 px it drew its squares over its own
 * "s = …" labels and cut its last column. On the production build, recorded run, at 320, 720, 1024
 * and 1280 px (and in projector mode at 1280, where its body is laid out 1.5× zoomed, and as
 * `?embed=votes` in 720 px, and beside the docked lesson at 1024 and 1280 px, where it failed): in every row the votes, the "s = …" label and the kept mark do not
 * overlap, every vote square and the label lie inside the figure's scroll box, and no label is cut.
 */
import { expect, type Page, test } from '@playwright/test';
import { PHASES } from '../../src/engine/loop/trace';
import { waitForRecords } from './app-checks';

/** Every row's overlaps and cut parts (empty: the grid holds). */
async function gridProblems(page: Page): Promise<{ rows: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const box = (document.querySelector('[data-view="votes"] .rows') as HTMLElement).getBoundingClientRect();
    const rows = [...document.querySelectorAll<HTMLElement>('[data-view="votes"] [data-mark="label-row"]')];
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    rows.forEach((row, i) => {
      // The votes as drawn: the squares themselves (an SVG squeezed by its column still draws them
      // all, past its own box, over the label: what the issue saw).
      const squares = [...row.querySelectorAll('rect[data-mark="vote"]')].map((r) => r.getBoundingClientRect());
      const svg = new DOMRect(
        Math.min(...squares.map((q) => q.left)),
        Math.min(...squares.map((q) => q.top)),
        Math.max(...squares.map((q) => q.right)) - Math.min(...squares.map((q) => q.left)),
        Math.max(...squares.map((q) => q.bottom)) - Math.min(...squares.map((q) => q.top)),
      );
      const sEl = row.querySelector('.s') as HTMLElement;
      const s = sEl.getBoundingClientRect();
      const kept = (row.querySelector('[data-mark="kept"]') as HTMLElement).getBoundingClientRect();
      if (overlap(svg, s)) problems.push(`row ${i}: votes over the s label`);
      if (kept.width > 0 && overlap(s, kept)) problems.push(`row ${i}: s label over kept`);
      if (kept.width > 0 && overlap(svg, kept)) problems.push(`row ${i}: votes over kept`);
      if (sEl.scrollWidth > sEl.clientWidth + 1) problems.push(`row ${i}: s label cut`);
      for (const part of [
        s,
        ...[...row.querySelectorAll('rect[data-mark="vote"]')].map((r) => r.getBoundingClientRect()),
      ])
        if (part.right > box.right + 0.5 || part.left < box.left - 0.5) problems.push(`row ${i}: past the box`);
    });
    return { rows: rows.length, problems: [...new Set(problems)] };
  });
}

/** The page as a class sees it: alone, beside the docked lesson (screen 7), or in projector mode. */
const LAYOUTS = [
  { width: 320, lang: 'en', extra: '' },
  { width: 720, lang: 'ko', extra: '' },
  { width: 1024, lang: 'en', extra: '' },
  { width: 1024, lang: 'ko', extra: '&lesson=7' },
  { width: 1280, lang: 'ko', extra: '' },
  { width: 1280, lang: 'en', extra: '&lesson=7' },
  { width: 1280, lang: 'en', extra: '&projector=1' },
] as const;

for (const { width, lang, extra } of LAYOUTS) {
  test(`${width}×720${extra} (${lang}): votes, s and kept never overlap or cut`, async ({ page }) => {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(`/?mode=replay&lang=${lang}${extra}`);
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 120_000 });
    await page.locator('[data-action="iteration"]').click();
    await waitForRecords(page, PHASES.length, 30_000);
    await page.locator('[data-view="votes"]').scrollIntoViewIfNeeded();
    const grid = await gridProblems(page);
    expect(grid.rows).toBeGreaterThan(3);
    expect(grid.problems).toEqual([]);
  });
}

test('?embed=votes in 720 px: votes, s and kept never overlap or cut', async ({ page }) => {
  await page.setViewportSize({ width: 720, height: 720 });
  await page.goto('/?embed=votes');
  await expect(page.locator('[data-view="votes"] [data-mark="label-row"]').first()).toBeVisible({ timeout: 60_000 });
  const grid = await gridProblems(page);
  expect(grid.rows).toBeGreaterThan(3);
  expect(grid.problems).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(720);
});
