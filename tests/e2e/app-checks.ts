/**
 * Shared checks of the app's end-to-end tests: after each phase, the view of that phase must have
 * drawn one mark per item of the record the page received, carrying the record's numbers.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { adpoAdvantageScale, adpoEpsilonHigh } from '../../src/core/adpo';
import type { Agent0Config } from '../../src/core/config';
import { grpoAdvantages } from '../../src/core/grpo';
import type { PhaseRecord } from '../../src/engine/loop/trace';

export { RECORDED_PER_ITERATION, RECORDED_QUESTIONER_STEPS } from '../recorded-run';

/** Numbers carried by the marks matching `selector` (from the attribute `attr`). */
export async function markValues(page: Page, selector: string, attr = 'data-value'): Promise<number[]> {
  return page.locator(selector).evaluateAll((els, a) => els.map((e) => Number(e.getAttribute(a))), attr);
}

/**
 * The records the page holds, in order. Those of the last two iterations are whole; older ones are
 * stubs that keep only their phase, iteration and step (src/ui/state/run.svelte.ts), which is all
 * the tests read of them.
 */
export async function receivedTrace(page: Page): Promise<PhaseRecord[]> {
  return (await page.evaluate(() => window.__agent0Trace ?? [])) as PhaseRecord[];
}

/** Wait until the page holds `count` records and is idle again. */
export async function waitForRecords(page: Page, count: number, timeout: number): Promise<void> {
  await page.waitForFunction((n) => (window.__agent0Trace?.length ?? 0) >= n, count, { timeout });
  await expect(page.locator('[data-action="pause"]')).toBeDisabled({ timeout });
}

const close = (a: number[], b: number[]) => {
  expect(a.length).toBe(b.length);
  a.forEach((x, i) => expect(x).toBeCloseTo(b[i] as number, 9));
};

/** The view(s) of `record`'s phase drew marks matching it. */
export async function checkPhaseView(page: Page, record: PhaseRecord, config: Agent0Config): Promise<void> {
  await expect(page.locator(`[data-view="loop"] [data-phase="${record.phase}"]`)).toHaveAttribute('data-lit', 'done');
  switch (record.phase) {
    case 'questioner-rollouts':
      // Written, not yet read: no rollout is marked valid or violated before the contract-parsing phase.
      await expect(page.locator('[data-view="rollouts"] [data-mark="rollout"]')).toHaveCount(record.rollouts.length);
      await expect(page.locator('[data-view="rollouts"] [data-mark="rollout"][data-valid]')).toHaveCount(0);
      return;
    case 'contract-parsing':
      close(await markValues(page, '[data-mark="valid-rate"]'), [record.validRate]);
      close(
        await markValues(page, '[data-view="rollouts"] [data-mark="rollout"]', 'data-valid'),
        record.contracts.map((c) => (c.question !== null ? 1 : 0)),
      );
      return;
    case 'solver-proxy':
      close(
        await markValues(page, '[data-mark="proxy-p"]', 'data-p'),
        record.results.map((r) => r.p),
      );
      await expect(page.locator('[data-mark="transcript"]')).toHaveCount(record.results.length);
      return;
    case 'curriculum-reward':
      close(
        await markValues(page, '[data-mark="reward-total"]'),
        record.parts.map((p) => p.total),
      );
      await expect(page.locator('[data-mark="dist-cell"]')).toHaveCount(record.distances.length ** 2);
      close(await markValues(page, '[data-mark="cluster-count"]'), [record.clusterCount]);
      // The prompt table and the notes say whether this run asks each curriculum sample to run a program.
      await expect(page.locator('[data-view="prompt-terms"] [data-term-row="violation"] td').nth(2)).toContainText(
        config.proxy.uncheckedAnswer === 'violation' ? 'plus at least one program run' : 'read by pattern; U = −1',
      );
      await expect(page.locator('[data-view="reward-notes"]')).toContainText(
        config.proxy.uncheckedAnswer === 'violation' ? 'a sample that ran no program' : 'is scored like any other',
      );
      // And whether a question the oracle cannot read breaks the contract.
      await expect(page.locator('[data-view="reward-notes"]')).toContainText(
        config.proxy.unreadableQuestion === 'violation'
          ? 'a sample whose question it cannot read'
          : 'whose question the oracle cannot read is scored like any other',
      );
      // And how much each tool call weighs, against the released code's 0.05 and the paper's 0.6.
      await expect(page.locator('[data-view="reward-notes"]')).toContainText(
        config.reward.toolRewardPerCall === 0
          ? 'This run has no tool term'
          : config.reward.toolRewardPerCall === 0.05
            ? 'weighs each call 0.05, as Agent0’s released code does; the paper’s λ_tool is 0.6'
            : `weighs each call ${config.reward.toolRewardPerCall} here (reward.toolRewardPerCall), neither Agent0’s released 0.05 nor the paper’s λ_tool of 0.6`,
      );
      return;
    case 'questioner-update': {
      const groups = record.stats.groups;
      close(
        await markValues(page, '[data-mark="adv-bar"][data-role="questioner"]'),
        groups.flatMap((g) => g.advantages),
      );
      await expect(page.locator('[data-view="grpo-groups"] [data-mark="no-signal"]')).toHaveCount(
        groups.filter((g) => g.noSignal).length,
      );
      close(
        await markValues(page, '[data-view="grpo-clip"] [data-mark="ratio-dev"]'),
        record.stats.updates.map((u) => u.meanAbsRatioDev),
      );
      expect(record.stats.updates[0]?.meanAbsRatioDev ?? 0).toBeCloseTo(0, 6);
      const trained = Object.values(record.stats.tokens).flatMap((d) => (d.ratio ? d.mask.filter((m) => m === 1) : []));
      await expect(page.locator('[data-view="grpo-ratios"] [data-mark="ratio"]')).toHaveCount(trained.length);
      const pieces = Object.values(record.stats.tokens).flatMap((d) => d.pieces);
      await expect(page.locator('[data-view="grpo-tokens"] [data-mark="token"]')).toHaveCount(pieces.length);
      return;
    }
    case 'question-pool':
      await expect(page.locator('[data-mark="pool-question"]')).toHaveCount(record.questions.length);
      return;
    case 'self-labelling':
      close(
        await markValues(page, '[data-mark="label-row"]', 'data-score'),
        record.labels.map((l) => l.score),
      );
      await expect(page.locator('[data-mark="vote"]')).toHaveCount(
        record.labels.reduce((n, l) => n + l.votes.length, 0),
      );
      return;
    case 'curation': {
      close(await markValues(page, '[data-mark="curation"]', 'data-kept'), [record.kept]);
      const counts = await markValues(page, '[data-mark="score-bin"]', 'data-count');
      expect(counts.reduce((a, b) => a + b, 0)).toBe(record.kept + record.dropped);
      expect((await markValues(page, '[data-mark="kept"]')).filter((k) => k === 1)).toHaveLength(record.kept);
      return;
    }
    case 'executor-update': {
      const opts = config.executor;
      close(
        await markValues(page, '[data-mark="eps-point"]'),
        record.algorithm === 'adpo' ? record.questions.map((q) => adpoEpsilonHigh(q.score, opts)) : [],
      );
      close(
        await markValues(page, '[data-mark="g-point"]'),
        record.algorithm === 'adpo' ? record.questions.map((q) => adpoAdvantageScale(q.score, opts)) : [],
      );
      if (!record.stats) return;
      const groups = record.stats.groups;
      close(
        await markValues(page, '[data-mark="adv-bar"][data-role="executor"]'),
        groups.flatMap((g) => g.advantages),
      );
      const ids = groups.flatMap((g) => g.rewards.map(() => g.id));
      close(
        await markValues(page, '[data-mark="adv-grpo"]'),
        grpoAdvantages(
          groups.flatMap((g) => g.rewards),
          ids,
        ).advantages,
      );
      return;
    }
    case 'evaluation': {
      const trace = await receivedTrace(page);
      const accuracies = trace.flatMap((r) => (r.phase === 'evaluation' ? [r.result.accuracy] : []));
      close(await markValues(page, '[data-mark="curve-point"][data-metric="heldOutAccuracy"]'), accuracies);
      return;
    }
  }
}

/**
 * Keep a screenshot of every chapter as a test artifact (header unstuck so it does not cover the
 * view): the page's own screenshot clipped to the chapter's box, which does not wait for the
 * element to hold still for two frames as an element screenshot does (one CI run waited there
 * until the test's ten minutes ran out).
 */
export async function screenshotChapters(page: Page, path: (name: string) => string): Promise<string[]> {
  const ids = await page.locator('section[data-chapter]').evaluateAll((els) => els.map((e) => e.id));
  await page.evaluate(() => document.fonts.ready);
  for (const id of ids) {
    const clip = await page.locator(`#${id}`).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
    });
    await page
      .screenshot({
        path: path(`${id}.png`),
        fullPage: true,
        clip,
        style: 'header { position: static !important; }',
        timeout: 60_000,
      })
      .catch((e: unknown) => {
        throw new Error(`the screenshot of chapter #${id} (${JSON.stringify(clip)}) failed: ${String(e)}`);
      });
  }
  return ids;
}

/** Collect console errors and requests to hosts other than localhost. */
export function watchPage(page: Page): { errors: string[]; external: string[] } {
  const seen = { errors: [] as string[], external: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
      seen.external.push(r.url());
  });
  return seen;
}

/** Open the header's menu (Save, Load, Export, files, options), if it is not open already. */
export async function openMenu(page: Page): Promise<void> {
  const menu = page.locator('[data-testid="header-menu"]');
  if ((await menu.getAttribute('open')) === null) await page.locator('[data-action="menu"]').click();
  await expect(menu).toHaveAttribute('open', '');
}

/**
 * axe set up for this app: run in the page itself (legacy mode; the app has no frames, so nothing is
 * left unchecked) and keeping the nodes of violations only (`resultTypes`; passes and the rest keep
 * one example each). The default instead carries every rule's partial result for every node to a
 * second page to finish there: on the replayed classroom run (9,041 elements) one WCAG audit took
 * 131 s that way, 108 s with `resultTypes` alone, and 14 s like this, with the same violations.
 */
export function axeOf(page: Page): AxeBuilder {
  // label-content-name-mismatch (WCAG 2.5.3, Label in Name) is tagged experimental in axe 4, so it is
  // off unless named: every audit turns it on.
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(true);
}

/**
 * axe's serious and critical WCAG 2.1 AA findings inside `scope`, once the fonts have loaded (axe
 * does not weigh SVG text on a coloured cell; the figures' unit tests check that contrast).
 */
export async function severeViolations(page: Page, scope = 'body'): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const result = await axeOf(page).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The text of `view` without its `code`, read text node by text node and joined with spaces
 * (adjacent buttons such as SVG and PNG would otherwise read as one word "SVGPNG").
 */
export function proseText(view: Locator): Promise<string> {
  return view.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('code').forEach((c) => c.remove());
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? '');
    return parts.join(' ');
  });
}
