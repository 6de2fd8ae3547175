/**
 * The repair lab trains in the tab: one live iteration of the `full` variant (layered reward,
 * mean-preserving process weights, governance) from the served agent, with the page's own Python
 * sandbox, then the live run joins the chapter's views as one more variant whose numbers obey
 * the spec's rules (tiers, rewards under governance, the masked trajectories' weights).
 */
import { expect, test } from '@playwright/test';
import { watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 900 } });

test('a live iteration of the full variant runs in the tab and joins the views', async ({ page }) => {
  test.setTimeout(240_000);
  const watch = watchPage(page);
  await page.goto('/?mode=replay');
  await page.locator('#ch-repair').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-mark="repair-controls"]')).toBeVisible({ timeout: 60_000 });
  const select = page.locator('[data-action="repair-variant"]');
  const full = await select.locator('option', { hasText: /^full$/ }).getAttribute('value');
  await select.selectOption(full ?? '');
  await page.locator('[data-action="repair-live-iterations"]').fill('1');
  await page.locator('[data-action="repair-live-run"]').click();
  const panel = page.locator('[data-mark="repair-live"]');
  await expect(panel).toHaveAttribute('data-status', 'done', { timeout: 200_000 });
  await expect(page.locator('[data-mark="repair-live-error"]')).toHaveCount(0);

  // The backend is named, and a missing WebGPU is said plainly.
  const backend = await page.locator('[data-mark="repair-live-backend"]').getAttribute('data-backend');
  expect(['webgpu', 'wasm', 'webgl', 'cpu']).toContain(backend);
  if (backend !== 'webgpu')
    await expect(page.locator('[data-mark="repair-live-backend"]')).toContainText('WebGPU cannot be used here');

  // The live run is one more variant; pick it.
  const liveOption = select.locator('option', { hasText: /^live · full$/ });
  await expect(liveOption).toHaveCount(1);
  await select.selectOption((await liveOption.getAttribute('value')) ?? '');
  await expect(page.locator('[data-mark="repair-controls"]')).toHaveAttribute('data-variant', 'live · full');

  // A group of 8 trajectories: tiers are 0 / 0.5 / 1; a normal episode's reward is its tier, a
  // masked one (environment failure or degeneration under governance) scores 0.
  const rows = page.locator('[data-view="repair-group"] [data-mark="trajectory"]');
  await expect(rows).toHaveCount(8);
  const tiers = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tier'))));
  const rewards = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-reward'))));
  const causes = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-mask-cause')));
  tiers.forEach((tier, k) => {
    expect([0, 0.5, 1]).toContain(tier);
    expect(rewards[k]).toBe(causes[k] === 'none' ? tier : 0);
  });

  // The curves carry the live variant: the base model, then one iteration.
  const curve = page.locator(
    '[data-view="repair-curves"] path[data-mark="curve"][data-metric="strictAccuracy"][data-variant="live · full"]',
  );
  await expect(curve).toHaveCount(1);
  const values = ((await curve.getAttribute('data-values')) ?? '').split(',').map(Number);
  expect(values).toHaveLength(2);
  values.forEach((v) => expect(v).toBeGreaterThanOrEqual(0));
  values.forEach((v) => expect(v).toBeLessThanOrEqual(1));

  // The live line has a colour of its own: none of the recorded variants' (it used to take
  // binary-compile's blue), in the curves' legend and the table's swatch alike.
  const strokes = await page
    .locator('[data-view="repair-curves"] path[data-mark="curve"][data-metric="strictAccuracy"]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-variant'), e.getAttribute('stroke')] as const));
  const liveStroke = strokes.find(([v]) => v === 'live · full')?.[1];
  const recordedStrokes = strokes.filter(([v]) => v !== 'live · full').map(([, c]) => c);
  expect(recordedStrokes).toHaveLength(7);
  expect(liveStroke).toBeTruthy();
  expect(recordedStrokes).not.toContain(liveStroke);
  await expect(
    page.locator('[data-view="repair-table"] [data-mark="final-row"][data-variant="live · full"] i'),
  ).toHaveAttribute('data-color', liveStroke ?? '');
  expect(watch.errors).toEqual([]);
  expect(watch.external).toEqual([]);
});
