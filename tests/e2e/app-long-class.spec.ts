/**
 * A long class holds (issue 14, item 3): the marks that gain one per iteration stay cheap, and what
 * an iteration replaces goes away. Replays the shipped recording iteration by iteration and checks,
 * after each one:
 * - the compare view draws each run's markers as one path per panel (its iterations and values in
 *   data attributes, read from the recording here), and one column (the tooltip target) per
 *   iteration and panel, not one element more;
 * - the Curves gain one point per iteration;
 * - the tokens and ratio points on the page are those of the latest record only;
 * - after a forced garbage collection, the page's JS event listeners and the DOM nodes kept outside
 *   the document (detached) do not grow from iteration 2 on.
 * Then the marks drawn by D3 joins still answer the pointer, the keyboard and the formula terms.
 * The N-iteration live soak is `npm run soak` (scripts/soak/index.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { asRecordedRun, type RecordedRun } from '../../src/engine/files/recording';
import { RECORDED_PER_ITERATION, receivedTrace, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

const recorded = (): RecordedRun => asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));

type Update = Extract<PhaseRecord, { phase: 'questioner-update' | 'executor-update' }>;

test('replayed iteration by iteration, the page holds what it shows and no more', async ({ page }) => {
  test.setTimeout(300_000);
  const seen = watchPage(page);
  const run = recorded();
  const iterations = run.summaries.length;
  expect(iterations).toBeGreaterThanOrEqual(4);
  await page.goto('/?mode=replay');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const view = page.locator('[data-view="compare"]');
  const sample: { listeners: number; detached: number }[] = [];

  for (let k = 1; k <= iterations; k++) {
    await expect(page.locator('[data-action="iteration"]')).toBeEnabled({ timeout: 60_000 });
    await page.locator('[data-action="iteration"]').click();
    await page.waitForFunction(
      (n) => {
        const trace = window.__agent0Trace ?? [];
        return trace.length >= n && trace[n - 1]?.phase === 'evaluation';
      },
      k * RECORDED_PER_ITERATION, // records one iteration adds (its last is the evaluation)
      { timeout: 60_000 },
    );
    await expect(page.locator('[data-action="pause"]')).toBeDisabled();

    // Compare view: one markers path per panel (one run on screen), one column per iteration and panel.
    const panels = await view.locator('svg[data-metric]').count();
    expect(panels).toBeGreaterThan(0);
    await expect(view.locator('[data-mark="compare-points"]')).toHaveCount(panels);
    await expect(view.locator('[data-mark="compare-iteration"]')).toHaveCount(panels * k);
    const held = view.locator('[data-mark="compare-points"][data-metric="heldOutAccuracy"]');
    await expect(held).toHaveAttribute(
      'data-iterations',
      run.summaries
        .slice(0, k)
        .map((s) => s.iteration)
        .join(' '),
    );
    const values = ((await held.getAttribute('data-values')) ?? '').split(' ').map(Number);
    values.forEach((v, i) => expect(v).toBeCloseTo(run.summaries[i]?.heldOutAccuracy as number, 9));
    // Curves: one point per iteration.
    await expect(page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]')).toHaveCount(k);

    // Tokens and ratio points: those of this iteration's update records, none left from earlier ones.
    const trace = await receivedTrace(page);
    for (const [phase, role] of [
      ['questioner-update', 'grpo'],
      ['executor-update', 'adpo'],
    ] as const) {
      const rec = trace.filter((r) => r.phase === phase).at(-1) as Update | undefined;
      const tokens = Object.values(rec?.stats?.tokens ?? {});
      await expect(page.locator(`[data-view="${role}-tokens"] [data-mark="token"]`)).toHaveCount(
        tokens.reduce((n, d) => n + d.pieces.length, 0),
      );
      await expect(page.locator(`[data-view="${role}-ratios"] [data-mark="ratio"]`)).toHaveCount(
        tokens.reduce((n, d) => n + (d.ratio ? d.mask.filter((m) => m === 1).length : 0), 0),
      );
    }

    // Listeners and detached nodes after a full collection.
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const attached = await page.evaluate(() => {
      const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      let n = 1;
      while (walker.nextNode()) n++;
      return n;
    });
    sample.push({ listeners: metric('JSEventListeners'), detached: metric('Nodes') - attached });
  }
  const [, second, ...later] = sample;
  for (const s of later) {
    expect(s.listeners).toBe(second?.listeners);
    expect(s.detached).toBeLessThanOrEqual((second?.detached ?? 0) + 20);
  }

  // The columns, tokens and ratio points drawn by D3 joins answer the pointer, the keyboard and the formula terms.
  const last = run.summaries.at(-1);
  await view
    .locator(`[data-metric="heldOutAccuracy"] [data-mark="compare-iteration"][data-iteration="${last?.iteration}"]`)
    .hover();
  await expect(page.getByRole('tooltip')).toContainText(`${last?.heldOutAccuracy.toFixed(3)}`);
  const tokens = page.locator('[data-view="grpo-tokens"] [data-mark="token"]');
  await page.locator('[data-view="grpo-groups"] [data-term="A"]').first().hover();
  await expect(page.locator('[data-view="grpo-tokens"] [data-mark="token"].lit')).toHaveCount(await tokens.count());
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-mark="token"].lit')).toHaveCount(0);
  await page.locator('[data-term="rho"]').first().hover();
  await expect(page.locator('[data-mark="ratio"].lit')).toHaveCount(await page.locator('[data-mark="ratio"]').count());
  await expect(page.locator('[data-mark="token"].lit')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await tokens.first().focus();
  await expect(tokens.first()).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('End');
  await expect(tokens.last()).toBeFocused();
  expect((await page.getByRole('tooltip').textContent())?.replaceAll('\n', ', ')).toBe(
    await tokens.last().getAttribute('aria-label'),
  );
  expect(seen.errors).toEqual([]);
});
