/**
 * The signal-reshaping chapter: it reads the recorded ablation (public/runs/repair-ablation.json)
 * without the Agent0 run, and for the chosen variant and iteration every view draws the record's
 * numbers: trajectory rows, tiers and rewards, advantage pairs, token weights, curves and masked
 * shares. A file that is not a recorded ablation is reported in an alert.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { RepairRunRecord } from '../../src/repair/records';
import type { RepairRunFile } from '../../src/repair/recording';
import type { RepairSeedRecord } from '../../src/repair/seeds';
import { watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 900 } });

const recorded = (): RepairRunFile =>
  JSON.parse(readFileSync('public/runs/repair-ablation.json', 'utf8')) as RepairRunFile;

/** `attr` of every element matching `selector`. */
const attrs = (page: Page, selector: string, attr: string): Promise<(string | null)[]> =>
  page.locator(selector).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)), attr);

/** A number drawn with three decimals is within half a thousandth of the record's. */
function near3(drawn: string | null, value: number, what: string): void {
  expect(drawn, what).not.toBeNull();
  expect(Math.abs(Number(drawn) - value), `${what}: drawn ${drawn}, record ${value}`).toBeLessThanOrEqual(
    0.0005 + 1e-9,
  );
}

async function openChapter(page: Page): Promise<void> {
  await page.goto('/?mode=replay');
  await page.locator('#ch-repair').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-mark="repair-controls"]')).toBeVisible({ timeout: 60_000 });
}

/** The controls show this variant and iteration position. */
async function expectAt(page: Page, run: RepairRunRecord, position: number): Promise<void> {
  const bar = page.locator('[data-mark="repair-controls"]');
  await expect(bar).toHaveAttribute('data-variant', run.variant.name);
  await expect(bar).toHaveAttribute('data-position', String(position));
  await expect(bar).toHaveAttribute('data-iteration', String(run.iterations[position]?.iteration));
}

/** The group, advantage, weight and masked views show the record of `run` at `position`. */
async function checkIteration(page: Page, file: RepairRunFile, run: RepairRunRecord, position: number): Promise<void> {
  await expectAt(page, run, position);
  const rec = run.iterations[position];
  if (!rec) throw new Error(`no iteration at ${position}`);
  const samples = rec.group.samples;
  const where = `${run.variant.name} it ${rec.iteration}`;

  // Task: the snippet's lines and the defect line.
  await expect(page.locator('[data-view="repair-task"] [data-mark="task-line"]')).toHaveCount(
    rec.group.task.lines.length,
  );
  expect(await attrs(page, '[data-view="repair-task"] [data-mark="task-line"][data-defect="1"]', 'data-line')).toEqual([
    String(rec.group.task.defectLine),
  ]);

  // Trajectories: one row per sample, with the judge's tier and R.
  const rows = '[data-view="repair-group"] [data-mark="trajectory"]';
  await expect(page.locator(rows)).toHaveCount(file.config.groupSize);
  expect(samples).toHaveLength(file.config.groupSize);
  expect(await attrs(page, rows, 'data-sample')).toEqual(samples.map((_, k) => String(k)));
  expect((await attrs(page, rows, 'data-tier')).map(Number), `${where} tiers`).toEqual(samples.map((s) => s.tier));
  expect((await attrs(page, rows, 'data-reward')).map(Number), `${where} rewards`).toEqual(
    samples.map((s) => s.signal.reward),
  );
  expect(await attrs(page, rows, 'data-in-stats')).toEqual(samples.map((s) => (s.signal.inStats ? '1' : '0')));
  for (const [k, s] of samples.entries())
    await expect(page.locator(`${rows}[data-sample="${k}"] [data-mark="traj-step"]`)).toHaveCount(s.steps.length);
  // A snippet whose own run raised is marked as not repaired, with the exception the judge saw.
  for (const [k, s] of samples.entries()) {
    const raised = page.locator(`${rows}[data-sample="${k}"] [data-mark="raised"]`);
    if (s.raised === undefined) await expect(raised).toHaveCount(0);
    else {
      expect(s.tier, `${where} #${k} raised ${s.raised}`).toBeLessThan(1);
      await expect(raised).toHaveText(`not repaired: running the snippet raises: ${s.raised}`);
    }
  }

  // Advantages: all-in and masked-out, three decimals.
  const pairs = '[data-view="repair-advantages"] [data-mark="adv-pair"]';
  await expect(page.locator(pairs)).toHaveCount(samples.length);
  const allIn = await attrs(page, pairs, 'data-all-in');
  const maskedOut = await attrs(page, pairs, 'data-masked-out');
  samples.forEach((s, k) => {
    near3(allIn[k] ?? null, s.signal.advantageAllIn, `${where} #${k} all-in`);
    near3(maskedOut[k] ?? null, s.signal.advantageMaskedOut, `${where} #${k} masked-out`);
  });
  await expect(page.locator('[data-view="repair-advantages"] rect[data-used="1"]')).toHaveCount(samples.length);

  // Token weights: every token of every sample, its step and its step's weight.
  for (const [k, s] of samples.entries()) {
    const tokens = `[data-view="repair-weights"] [data-mark="weight-strip"][data-sample="${k}"] [data-mark="weight-token"]`;
    const steps = await attrs(page, tokens, 'data-step');
    const weights = await attrs(page, tokens, 'data-weight');
    expect(steps.map(Number), `${where} #${k} steps of tokens`).toEqual(s.stepOfToken);
    s.stepOfToken.forEach((step, i) => {
      if (step < 0) expect(weights[i]).toBeNull();
      else near3(weights[i] ?? null, s.steps[step]?.weight ?? NaN, `${where} #${k} token ${i}`);
    });
    expect(
      await attrs(page, `[data-view="repair-weights"] [data-mark="weight-strip"][data-sample="${k}"]`, 'data-scored'),
    ).toEqual([s.scored ? '1' : '0']);
  }

  // Masked shares by cause, every iteration of the selected variant.
  for (const it of run.iterations) {
    for (const cause of ['environment', 'degenerate'] as const) {
      const drawn = await attrs(
        page,
        `[data-view="repair-masked"] [data-mark="masked-bar"][data-iteration="${it.iteration}"][data-cause="${cause}"]`,
        'data-value',
      );
      expect(drawn).toHaveLength(1);
      near3(drawn[0] ?? null, it.train.masked[cause], `${run.variant.name} it ${it.iteration} masked ${cause}`);
    }
  }
}

/** Every variant's curves carry its record's series (eval with the base model first; masked share from training). */
async function checkCurves(page: Page, file: RepairRunFile): Promise<void> {
  for (const run of file.runs) {
    const series = {
      compileRate: [run.baseline.compileRate, ...run.iterations.map((it) => it.eval.compileRate)],
      strictAccuracy: [run.baseline.strictAccuracy, ...run.iterations.map((it) => it.eval.strictAccuracy)],
      meanSteps: [run.baseline.meanSteps, ...run.iterations.map((it) => it.eval.meanSteps)],
      maskedShare: run.iterations.map((it) => it.train.masked.environment + it.train.masked.degenerate),
    };
    for (const [metric, values] of Object.entries(series)) {
      const drawn = await attrs(
        page,
        `[data-view="repair-curves"] path[data-metric="${metric}"][data-variant="${run.variant.name}"]`,
        'data-values',
      );
      expect(drawn, `${run.variant.name} ${metric}`).toHaveLength(1);
      const parts = (drawn[0] ?? '').split(',');
      expect(parts).toHaveLength(values.length);
      values.forEach((v, i) => near3(parts[i] ?? null, v, `${run.variant.name} ${metric} point ${i}`));
    }
  }
  await expect(page.locator('[data-view="repair-curves"] path[data-mark="curve"]')).toHaveCount(file.runs.length * 4);
  await expect(page.locator('[data-view="repair-table"] [data-mark="final-row"]')).toHaveCount(file.runs.length + 1);
  // The shipped file holds three seeds (#24 item 7): the recorded one whole, two more as numbers.
  expect(file.otherSeeds.length, 'the recording should hold seeds besides its own').toBeGreaterThanOrEqual(2);
  const seeds = [file.config.seed, ...file.otherSeeds.map((s) => s.seed)];
  /** Final strict accuracy of a variant in each seed, read off the file here. */
  const finals = (name: string): number[] => [
    file.runs.find((r) => r.variant.name === name)?.iterations.at(-1)?.eval.strictAccuracy as number,
    ...file.otherSeeds.map((s) => s.variants.find((v) => v.name === name)?.eval.at(-1)?.strictAccuracy as number),
  ];
  const table = page.locator('[data-view="repair-table"] [data-mark="repair-seeds"]');
  await expect(table.locator('caption')).toHaveText(
    `Final strict accuracy per seed (seeds ${seeds.slice(0, -1).join(', ')} and ${seeds.at(-1)}, the same settings)`,
  );
  await expect(table.locator('[data-mark="seed-row"]')).toHaveCount(file.runs.length + 1);
  for (const run of file.runs) {
    const row = table.locator(`[data-mark="seed-row"][data-variant="${run.variant.name}"]`);
    const drawn = await row
      .locator('[data-key="seed-final"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
    const want = finals(run.variant.name);
    expect(drawn).toHaveLength(seeds.length);
    want.forEach((v, k) => near3(drawn[k] ?? null, v, `${run.variant.name} seed ${seeds[k]}`));
    near3(
      await row.locator('[data-key="mean-final"]').getAttribute('data-value'),
      want.reduce((x, y) => x + y, 0) / want.length,
      `${run.variant.name} mean`,
    );
  }
  // Every variant against full: the difference of the means, and whether every seed lies above or
  // below full's, read off the file here.
  const full = finals('full');
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const above: string[] = [];
  const level: string[] = [];
  for (const run of file.runs) {
    const cell = table.locator(`[data-mark="seed-row"][data-variant="${run.variant.name}"] [data-key="versus-full"]`);
    if (run.variant.name === 'full') {
      await expect(cell).toHaveText('—');
      continue;
    }
    const own = finals(run.variant.name);
    const outcome =
      Math.min(...own) > Math.max(...full) ? 'above' : Math.max(...own) < Math.min(...full) ? 'below' : 'within';
    near3(await cell.getAttribute('data-value'), mean(own) - mean(full), `${run.variant.name} against full`);
    await expect(cell).toHaveAttribute('data-outcome', outcome);
    if (outcome === 'above') above.push(run.variant.name);
    if (outcome === 'within') level.push(run.variant.name);
  }
  const sentence = page.locator('[data-mark="repair-versus-full"]');
  await expect(sentence).toContainText(
    `Every variant against full, final strict accuracy (full ${mean(full).toFixed(3)}`,
  );
  if (above.length > 0) await expect(sentence).toContainText('on every seed: the opposite of the paper');
  else if (level.length > 0)
    await expect(sentence).toContainText(
      `No variant lies above full on every seed, but ${level.join(', ').replace(/, ([^,]*)$/, ' and $1')} cannot be told from it`,
    );
  else await expect(sentence).toContainText('as in the paper');
  // The paper's layered-over-binary-strict order, checked here on the file's own final strict
  // accuracies: it holds only when every seed of layered is above every seed of binary-strict.
  const [a, b] = [finals('layered'), finals('binary-strict')];
  const outcome =
    Math.min(...a) > Math.max(...b)
      ? 'the paper’s order holds'
      : Math.max(...a) < Math.min(...b)
        ? 'the order is reversed'
        : 'these seeds cannot tell them apart';
  const side = (xs: number[]) =>
    `${(xs.reduce((x, y) => x + y, 0) / xs.length).toFixed(3)} (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
  await expect(page.locator('[data-mark="repair-claims"]')).toContainText(
    `layered ${side(a)} against binary-strict ${side(b)}: ${outcome}`,
  );
}

test('the repair chapter draws the recorded ablation, variant by variant and iteration by iteration', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const seen = watchPage(page);
  const file = recorded();
  await openChapter(page);
  await expect(page.locator('#ch-repair [data-view]')).toHaveCount(8);
  await expect(page.locator('[data-view="repair-rules"] [data-mark="rule-row"]')).toHaveCount(15);
  await checkCurves(page, file);

  const variants = [0, file.runs.length - 1].filter((v, i, all) => all.indexOf(v) === i);
  expect(variants.length, 'the recorded file should hold at least two variants').toBeGreaterThanOrEqual(2);
  const next = page.locator('[data-action="repair-next"]');
  const prev = page.locator('[data-action="repair-prev"]');
  const range = page.locator('[data-action="repair-iteration"]');

  // First variant: the buttons.
  const first = file.runs[variants[0] as number] as RepairRunRecord;
  const last0 = first.iterations.length - 1;
  await expect(prev).toBeDisabled();
  await checkIteration(page, file, first, 0);
  if (last0 > 0) {
    await next.click();
    await checkIteration(page, file, first, 1);
    await prev.click();
    await checkIteration(page, file, first, 0);
  }

  // Second variant: chosen in the selector, stepped with the keyboard (range arrows, End, Home, Enter on Next).
  const second = file.runs[variants[1] as number] as RepairRunRecord;
  const lastN = second.iterations.length - 1;
  await page.locator('[data-action="repair-variant"]').selectOption(String(variants[1]));
  await checkIteration(page, file, second, 0);
  await range.focus();
  await page.keyboard.press('ArrowRight');
  await checkIteration(page, file, second, Math.min(1, lastN));
  await page.keyboard.press('End');
  await checkIteration(page, file, second, lastN);
  await expect(next).toBeDisabled();
  await page.keyboard.press('Home');
  await checkIteration(page, file, second, 0);
  if (lastN > 0) {
    await next.focus();
    await page.keyboard.press('Enter');
    await checkIteration(page, file, second, 1);
  }

  // Back to the first variant: the iteration position is kept (clamped to its length).
  await page.locator('[data-action="repair-variant"]').selectOption(String(variants[0]));
  await checkIteration(page, file, first, Math.min(lastN > 0 ? 1 : 0, last0));

  // Focusing a painted step shows its rule, score and weight.
  const step = page.locator('[data-view="repair-weights"] [data-mark="step-seg"]').first();
  await page.mouse.move(0, 0); // no hovered mark competes with the focused one
  await step.focus();
  await expect(page.getByRole('tooltip')).toContainText('w_k = ');
  await expect(page.locator('[data-mark="step-detail"]')).toContainText(String(await step.getAttribute('data-rule')));
  if (process.env.UPDATE_SCREENSHOT) {
    const full = file.runs.findIndex((r) => r.variant.name === 'full');
    await page.locator('[data-action="repair-variant"]').selectOption(String(Math.max(0, full)));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.evaluate(() => {
      document.querySelector('[data-view="repair-advantages"]')?.scrollIntoView();
      window.scrollBy(0, -120);
    });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: 'docs/repair-chapter.png' });
  }
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});

test('a file that is not a recorded ablation is reported plainly', async ({ page }) => {
  await page.route('**/runs/repair-ablation.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"junk": true}' }),
  );
  await openChapterAlert(page, 'not a recorded repair ablation');
  await page.route('**/runs/repair-ablation.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: 'junk' }),
  );
  await openChapterAlert(page, 'is not valid JSON');
  await page.route('**/runs/repair-ablation.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        format: 'agent0-lab-repair-run',
        version: 2,
        config: { groupSize: 4, seed: 1 },
        runs: [{ variant: { name: 'x' } }],
      }),
    }),
  );
  await openChapterAlert(page, 'malformed at runs[0].baseline');
  // The shipped recording with a second copy of its own seed among the others: refused whole.
  const twice = recorded();
  twice.otherSeeds = [...twice.otherSeeds, { ...(twice.otherSeeds[0] as RepairSeedRecord), seed: twice.config.seed }];
  await page.route('**/runs/repair-ablation.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(twice) }),
  );
  await openChapterAlert(page, `malformed at otherSeeds[${twice.otherSeeds.length - 1}]`);
  await page.route('**/runs/repair-ablation.json', (route) => route.fulfill({ status: 404, body: '' }));
  await openChapterAlert(page, 'is missing (HTTP 404)');
});

async function openChapterAlert(page: Page, text: string): Promise<void> {
  await page.goto('/?mode=replay');
  const alert = page.locator('#ch-repair [role="alert"]');
  await expect(alert).toContainText(text, { timeout: 60_000 });
  await expect(page.locator('#ch-repair [data-view]')).toHaveCount(0);
}
