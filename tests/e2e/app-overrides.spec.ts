/**
 * Every formula, axis, band and default on screen follows the run's settings: a live run with
 * overrides of the trust band, the clip ε's and the ε_high fade, the cluster threshold, the uncertainty scale and the
 * gate trains one iteration, and each view must print those values (read from the TeX that KaTeX
 * keeps in its MathML annotation, and from the marks' attributes), never the defaults.
 */
import { expect, type Page, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { receivedTrace, waitForRecords } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

const OVERRIDES = [
  'executor.trustLow=0.2',
  'executor.trustHigh=0.9',
  'executor.minScale=0.5',
  'executor.epsHighMin=0.15',
  'executor.epsHighSpan=0.2',
  'executor.clipScoreHigh=0.7',
  'executor.clipScoreSpan=0.4',
  'executor.epsLow=0.1',
  'questioner.epsLow=0.15',
  'questioner.epsHigh=0.25',
  'reward.clusterThreshold=0.35',
  'reward.uncertaintyScale=linear',
  'proxy.gate=true',
  'proxy.gateMinP=0.2',
  'curation.minScore=0',
  'curation.maxScore=1',
];

/** The TeX of every formula drawn in a view. */
async function texOf(page: Page, view: string): Promise<string[]> {
  return page
    .locator(`[data-view="${view}"] .katex annotation[encoding="application/x-tex"]`)
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
}

const attr = async (page: Page, selector: string, name: string) =>
  Number(await page.locator(selector).first().getAttribute(name));

test('formulas, axes and bands show the overridden settings', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto(`/?preset=tiny&${OVERRIDES.map((o) => `set=${encodeURIComponent(o)}`).join('&')}`);
  await expect(page.locator('[data-action="iteration"]')).toBeEnabled({ timeout: 150_000 });
  await page.keyboard.press('i');
  await page.waitForFunction(() => (window.__agent0Trace ?? []).some((r) => r.phase === 'evaluation'), null, {
    timeout: 360_000,
  });
  await waitForRecords(page, 1, 30_000);
  const trace = await receivedTrace(page);
  const last = <P extends PhaseRecord['phase']>(phase: P) =>
    trace.filter((r): r is Extract<PhaseRecord, { phase: P }> => r.phase === phase).at(-1);

  // Uncertainty on the paper's scale: 1 − 2|p − ½|, axis up to 1; the gate's threshold 0.2.
  const uTex = (await texOf(page, 'uncertainty')).join('\n');
  expect(uTex).toContain('1 - 2\\,|');
  expect(uTex).not.toContain('\\min');
  expect(uTex).toContain('\\htmlData{term=gate}{0.2}');
  expect(await attr(page, '[data-view="uncertainty"] svg', 'data-y-max')).toBe(1);

  // The cluster slider starts at the run's threshold, and re-clustering there gives the engine's count.
  await expect(page.locator('[data-testid="cluster-threshold"]')).toHaveValue('0.35');
  expect(await attr(page, '[data-mark="threshold"]', 'data-value')).toBe(0.35);
  const reward = last('curriculum-reward');
  expect(await attr(page, '[data-mark="cluster-count"]', 'data-value')).toBe(reward?.clusterCount);

  // The questioner's clip band [1 − 0.15, 1 + 0.25] in its formula and on its ratio plot.
  const clip = (await texOf(page, 'grpo-ratios')).join('\n');
  expect(clip).toContain('\\htmlData{term=band}{0.85}');
  expect(clip).toContain('\\htmlData{term=band}{1.25}');
  for (const low of await page
    .locator('[data-view="grpo-ratios"] [data-mark="clip-band"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-low')))))
    expect(low).toBeCloseTo(0.85, 12);

  // Curation band 0 ≤ s ≤ 1 on the histogram and in the chapter's sentence.
  await expect(page.locator('[data-view="histogram"] svg')).toContainText('0 ≤ s ≤ 1');
  await expect(page.locator('#ch-labelling > .text')).toContainText('0 ≤ s ≤ 1');

  // ADPO: trust band [0.2, 0.9], g(s) from 0.5, ε_high from 0.15 to 0.35 fading over s ∈ [0.3, 0.7], ε_low 0.1.
  const ex = last('executor-update');
  expect(ex?.questions.length ?? 0).toBeGreaterThan(0);
  expect(await attr(page, '[data-mark="trust-band"]', 'data-low')).toBe(0.2);
  expect(await attr(page, '[data-mark="trust-band"]', 'data-high')).toBe(0.9);
  const adpo = (await texOf(page, 'adpo-curves')).join('\n');
  expect(adpo).toContain('= 0.5 + 0.5\\cdot');
  expect(adpo).toContain('- 0.2}{0.7}');
  expect(adpo).toContain('= 0.15 + 0.2\\cdot');
  expect(adpo).toContain('\\tfrac{0.7 - ');
  expect(adpo).toContain('}{0.4},0,1');
  expect(adpo).not.toContain('\\tfrac{0.8 - ');
  // g(s) = 0.5 + 0.5·clamp((s − 0.2)/0.7) and ε_high(s) = 0.15 + 0.2·clamp((0.7 − s)/0.4), by hand.
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  for (const q of ex?.questions ?? []) {
    expect(q.scale).toBeCloseTo(0.5 + 0.5 * clamp((q.score - 0.2) / 0.7), 12);
    expect(q.epsHigh).toBeCloseTo(0.15 + 0.2 * clamp((0.7 - q.score) / 0.4), 12);
  }
  // The axes are ticked at the run's ends and middle: g ∈ [0.5, 1], ε_high ∈ [0.15, 0.35].
  const ticks = (mark: string) =>
    page.locator(`[data-mark="${mark}"]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(await ticks('g-tick')).toEqual([0.5, 0.75, 1]);
  expect(await ticks('eps-tick')).toEqual([0.15, 0.25, 0.35]);
  for (const band of await page
    .locator('[data-mark="eps-point"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-band-low')))))
    expect(band).toBeCloseTo(0.9, 12);
  if (ex?.stats) {
    for (const low of await page
      .locator('[data-view="adpo-ratios"] [data-mark="clip-band"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-low')))))
      expect(low).toBeCloseTo(0.9, 12);
  }
  await expect(page.locator('#ch-adpo > .text')).toContainText('from 0.5 (s ≤ 0.2) up to 1 (s ≥ 0.9)');
  await expect(page.locator('#ch-adpo > .text')).toContainText('ε_high(s) from 0.15 up to 0.35');
  // The schedule note names the run's number of executor updates per batch (tiny: 2).
  await expect(page.locator('[data-mark="executor-schedule"]')).toHaveAttribute('data-updates', '2');
  // The run's release.mode (the default, as intended) is said under the executor's update.
  await expect(page.locator('[data-mark="release-mode"]')).toHaveAttribute('data-mode', 'as-intended');
  await expect(page.locator('[data-mark="release-mode"]')).toContainText('release.mode = as-intended');
});
