/**
 * A run whose data the views cannot all draw: the shipped recording, damaged on the way (served by a
 * route), replays phase by phase. A figure that throws on its record says that this run's data is
 * bad (in English and Korean) while every other figure draws and the page goes on; values that come
 * from the file and are keys of keyed lists (rollout ids, group ids, token sequences, settings that
 * make two axis ticks equal) are duplicated, and those figures still draw one mark per item.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForRecords, watchPage, RECORDED_PER_ITERATION } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

type Rec = Record<string, unknown> & { phase: string };

/** The shipped recording with the damage described above, and what the tests expect of it. */
function damagedRecording(): { body: string; rollouts: number; groups: number; tokens: number } {
  const run = JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as {
    config: { executor: Record<string, number> };
    trace: Rec[];
  };
  // g ∈ [m, 1] with m = 1 and ε_high's span 0: the ADPO chapter's axis ticks are all equal.
  run.config.executor.minScale = 1;
  run.config.executor.epsHighSpan = 0;
  // The records on screen after iteration 1: each phase's last record in it (phases 1–5 run once per
  // curriculum step, and a figure shows the latest).
  const first = (phase: string): unknown => run.trace.filter((r) => r.phase === phase && r.iteration === 1).at(-1);
  const proxy = first('solver-proxy') as { results: { rollout: number }[] };
  for (const r of proxy.results) r.rollout = 0;
  const update = first('executor-update') as { stats: { groups: { id: number }[]; tokens: Record<string, unknown> } };
  for (const g of update.stats.groups) g.id = 0;
  // Two token entries whose keys differ as text and read as the same sequence number.
  const [[key, value] = ['0', null]] = Object.entries(update.stats.tokens);
  update.stats.tokens[`0${key}`] = value;
  // A record whose reward parts are not a list: the reward chart and the prompt-terms table cannot read it.
  (first('curriculum-reward') as Rec).parts = 5;
  // Groups of the GRPO update that are not a list: only the groups figure of that chapter fails.
  (first('questioner-update') as { stats: Rec }).stats.groups = 7;
  return {
    body: JSON.stringify(run),
    rollouts: proxy.results.length,
    groups: update.stats.groups.length,
    tokens: Object.keys(update.stats.tokens).length,
  };
}

test('a figure that cannot draw the run’s data says so, and the rest of the page goes on', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = watchPage(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const damaged = damagedRecording();
  await page.route('**/runs/classroom-seed1.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: damaged.body }),
  );
  await page.goto('/?mode=replay');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 120_000 });

  for (let i = 0; i < RECORDED_PER_ITERATION; i++) {
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 30_000);
  }
  // The reward chart cannot read its record: it says so, in words, where it would have drawn.
  const failed = page.locator('[data-view="reward-parts"] [data-testid="figure-failed"]');
  await expect(failed).toHaveText(
    "This run's data is bad: this figure cannot draw it. The rest of the page goes on with the parts it can read.",
  );
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(page.locator('[data-view="reward-parts"] [data-mark="reward-part"]')).toHaveCount(0);
  expect(warnings.some((w) => w.includes('"reward-parts" could not draw'))).toBe(true);

  // Every other figure drew, including those whose list keys the file duplicated.
  const failedViews = await page
    .locator('figure[data-failed]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-view')));
  // The prompt-terms table sums the same parts (the chapter hands it the record's parts).
  // The GRPO chapter's groups figure, and the count of degenerate groups that reads the same groups.
  expect(failedViews).toEqual(['reward-parts', 'prompt-terms', 'grpo-groups', 'degenerate']);
  await expect(page.locator('[data-view="grpo-tokens"] [data-mark="token-strip"]')).not.toHaveCount(0);
  await expect(page.locator('[data-view="grpo-clip"]')).toHaveAttribute('data-empty', 'false');
  await expect(page.locator('[data-view="uncertainty"] [data-mark="proxy-p"]')).toHaveCount(damaged.rollouts);
  await expect(page.locator('[data-view="transcripts"] [data-mark="transcript"]')).toHaveCount(damaged.rollouts);
  await expect(page.locator('[data-view="executor-groups"] [data-mark="group"]')).toHaveCount(damaged.groups);
  await expect(page.locator('[data-view="adpo-curves"] [data-mark="eps-tick"]')).toHaveCount(3);
  await expect(page.locator('[data-view="adpo-tokens"] [data-mark="token-strip"]')).toHaveCount(damaged.tokens);
  // Phases after the damaged one still reached their figures.
  await expect(page.locator('[data-view="votes"]')).toHaveAttribute('data-empty', 'false');
  await expect(page.locator('[data-view="curves"] [data-mark="curve-point"]').first()).toBeVisible();

  // In Korean, the same sentence in Korean.
  await page.locator('button.lang').click();
  await expect(failed).toContainText('이 실행의 데이터가 잘못되어');
  await page.locator('button.lang').click();

  // The next iteration's reward record is sound: asked to try again, the chart draws it.
  await page.locator('[data-action="iteration"]').click();
  await waitForRecords(page, 2 * RECORDED_PER_ITERATION, 60_000);
  await page.locator('[data-view="reward-parts"] [data-action="figure-retry"]').click();
  await expect(failed).toHaveCount(0);
  await expect(page.locator('[data-view="reward-parts"] [data-mark="reward-total"]')).not.toHaveCount(0);
  expect(seen.errors).toEqual([]);
});
