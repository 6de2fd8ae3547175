/**
 * Tables 3 and 9 on the page (the Curves chapter): the recorded ablation is served from a made-up
 * fixture (tests/fixtures/ablation, whose numbers tests/unit/ui/figures/ablation-table/ablation-view.test.ts
 * computes by hand), so the test does not depend on the shipped recording. The figure draws a dot
 * per seed and a mean per variant, the differences beside the paper's, the numbers table with the
 * settings, and the sentence, in English and Korean, at 1280×720 with no sideways overflow; the
 * measure toggle switches to the average over iterations; a malformed file shows the problem in the
 * page's language and no chart. And a live run with `questioner.train=false` says beside the
 * questioner's groups that it computes their advantages and makes no update.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { receivedTrace, waitForRecords, watchPage, severeViolations, proseText } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

const FIXTURE = readFileSync('tests/fixtures/ablation/coevolution-ablation.json', 'utf8');

/** Serve `body` as the recorded ablation the figure fetches. */
async function serveAblation(page: Page, body: string): Promise<void> {
  await page.route('**/runs/coevolution-ablation.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
}

/** The page's header unstuck, so that it does not cover the figure in a screenshot. */
const UNSTICK = 'header { position: static !important; }';

const noSidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the recorded ablation: dots per seed, differences beside the paper’s, the sentence, in English and Korean', async ({
  page,
}, testInfo) => {
  const seen = watchPage(page);
  await serveAblation(page, FIXTURE);
  await page.goto('/?mode=replay');
  const view = page.locator('[data-view="ablation"]');
  await view.scrollIntoViewIfNeeded();
  await expect(view.locator('figcaption')).toHaveText('Tables 3 and 9: ablations over seeds');
  // Seven variants in the registry's order, three seeds each.
  await expect(view.locator('[data-mark="ablation-row"]')).toHaveCount(7);
  expect(
    await view
      .locator('[data-mark="ablation-row"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-variant'))),
  ).toEqual([
    'full',
    'no-curriculum-training',
    'no-tool-reward',
    'no-repetition-penalty',
    'grpo-executor',
    'single-turn-executor',
    'curriculum-one-turn',
  ]);
  await expect(view.locator('[data-mark="seed-dot"]')).toHaveCount(21);
  const row = (id: string) => view.locator(`[data-mark="ablation-row"][data-variant="${id}"]`);
  expect(
    await row('no-curriculum-training')
      .locator('[data-mark="seed-dot"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value')))),
  ).toEqual([0.4, 0.45, 0.45]);
  await expect(row('no-curriculum-training')).toHaveAttribute('data-separation', 'below');
  await expect(row('grpo-executor')).toHaveAttribute('data-separation', 'above');
  await expect(row('no-repetition-penalty')).toHaveAttribute('data-separation', 'within');
  await expect(row('no-curriculum-training').locator('[data-mark="difference"]')).toHaveText('−11.7 pts');
  await expect(row('grpo-executor').locator('[data-mark="difference"]')).toHaveText('+10.7 pts');
  await expect(row('no-curriculum-training').locator('[data-mark="paper-difference"]')).toHaveText(
    'paper (Table 3): −11.4 / −7.2',
  );
  await expect(row('curriculum-one-turn').locator('[data-mark="paper-difference"]')).toHaveText(
    'paper (Table 9): −1.5 / −0.8',
  );
  // The full run's seed range behind the rows: 50.0% to 60.0%.
  await expect(view.locator('[data-mark="full-band"]')).toHaveAttribute('data-min', '0.5');
  await expect(view.locator('[data-mark="full-band"]')).toHaveAttribute('data-max', '0.6');
  // The numbers for screen readers: settings, seeds, mean and range, separation.
  const table = view.getByTestId('ablation-numbers');
  const cells = (id: string) => table.locator(`tr[data-variant="${id}"] > *`).allTextContents();
  expect(await cells('no-curriculum-training')).toEqual([
    'without curriculum training',
    'questioner.train=false',
    '40.0%, 45.0%, 45.0%',
    '43.3% (40.0%–45.0%)',
    '−11.7 pts',
    'below, outside the spread',
    '−11.4 pts',
    '−7.2 pts',
  ]);
  expect((await cells('full')).slice(0, 2)).toEqual(['full Agent0', 'the preset’s defaults']);
  await expect(view.getByTestId('ablation-finding')).toHaveText(
    /^Over 3 seeds of 2 iterations each, held-out accuracy after iteration 2, each evaluation scoring 28 held-out questions: “without curriculum training” and “single-turn executor” are below the full run outside the seeds’ spread/,
  );
  await expect(view.getByTestId('ablation-finding')).toContainText(
    'The paper reports one number per variant, with no seeds or error bars.',
  );
  // A seed's numbers in its tooltip.
  await view.locator('[data-mark="seed-dot"]').first().focus();
  await expect(page.getByRole('tooltip')).toContainText('seed 1: held-out accuracy 50.0%');
  expect(await noSidewaysOverflow(page)).toBe(true);
  expect(await severeViolations(page, '[data-view="ablation"]')).toEqual([]);
  await view.screenshot({ path: testInfo.outputPath('ablation-en.png'), style: UNSTICK });

  // Averaged over the iterations: "without repetition penalty" drops below the full run's spread.
  await view.locator('[data-action="ablation-average"]').check();
  await expect(view.locator('svg[data-measure="average"]')).toHaveCount(1);
  await expect(row('no-repetition-penalty')).toHaveAttribute('data-separation', 'below');
  await expect(view.getByTestId('ablation-finding')).toContainText(
    'held-out accuracy averaged over iterations 1–2, each evaluation scoring 28 held-out questions: “without curriculum training”, “without repetition penalty” and “single-turn executor” are below',
  );

  await page.locator('button.lang').click();
  await expect(view.locator('figcaption')).toHaveText('표 3과 표 9: 시드에 걸친 절제 실험');
  await expect(row('no-curriculum-training').locator('text').first()).toHaveText('출제자 학습 없음');
  await expect(row('no-curriculum-training').locator('[data-mark="paper-difference"]')).toHaveText(
    '논문(표 3): −11.4 / −7.2',
  );
  await expect(view.getByTestId('ablation-finding')).toContainText(
    '반복 1–2에 걸쳐 평균한 평가 정확도로 보면 ‘출제자 학습 없음’, ‘반복 벌점 없음’, ‘한 턴만 쓰는 해답자’은(는) 시드 간 퍼짐 밖에서 전체 실행보다 낮습니다',
  );
  expect(await cells('no-curriculum-training')).toEqual([
    '출제자 학습 없음',
    'questioner.train=false',
    '35.0%, 40.0%, 42.5%',
    '39.2% (35.0%–42.5%)',
    '−10.8%p',
    '퍼짐 밖에서 낮음',
    '−11.4%p',
    '−7.2%p',
  ]);
  // No English word in the Korean view but names (Agent0, GRPO, ADPO), code and the export buttons.
  const text = await proseText(view);
  expect(
    (text.match(/[A-Za-z][A-Za-z0-9'’-]+/g) ?? []).filter((w) => !['Agent0', 'GRPO', 'ADPO', 'SVG', 'PNG'].includes(w)),
  ).toEqual([]);
  expect(await noSidewaysOverflow(page)).toBe(true);
  expect(await severeViolations(page, '[data-view="ablation"]')).toEqual([]);
  await view.screenshot({ path: testInfo.outputPath('ablation-ko.png'), style: UNSTICK });
  expect(seen.errors).toEqual([]);
});

test('a malformed ablation file shows the problem in the page’s language, and no chart', async ({ page }) => {
  const bad = JSON.parse(FIXTURE) as { variants: { runs: { summaries: { heldOutAccuracy: number }[] }[] }[] };
  (bad.variants[2]?.runs[0]?.summaries[1] as { heldOutAccuracy: number }).heldOutAccuracy = 1.4;
  await serveAblation(page, JSON.stringify(bad));
  await page.goto('/?mode=replay');
  const view = page.locator('[data-view="ablation"]');
  const error = view.locator('[data-mark="ablation-error"]');
  await expect(error).toHaveText(
    'The ablation file is malformed at variants[2].runs[0].summaries[1]: expected the iteration number and a held-out accuracy in [0, 1].',
  );
  await expect(view.locator('svg')).toHaveCount(0);
  await expect(view.getByTestId('ablation-numbers')).toHaveCount(0);
  await page.locator('button.lang').click();
  await expect(error).toHaveText(
    '표 3 절제 실험 파일의 variants[2].runs[0].summaries[1] 자리가 잘못되었습니다: 반복 번호와 [0, 1] 범위의 평가 정확도이(가) 있어야 합니다.',
  );
  await expect(view.locator('svg')).toHaveCount(0);
  expect(await noSidewaysOverflow(page)).toBe(true);
});

test('a run that does not train the questioner says so beside its groups, in English and Korean', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto(`/?preset=tiny&set=${encodeURIComponent('questioner.train=false')}`);
  const step = page.locator('[data-action="step"]');
  await expect(step).toBeEnabled({ timeout: 150_000 });
  // One phase at a time up to the questioner's update (phase 5).
  for (let n = 1; n <= 5; n++) {
    await step.click();
    await waitForRecords(page, n, 120_000);
  }
  const update = (await receivedTrace(page)).at(-1);
  expect(update?.phase).toBe('questioner-update');
  if (update?.phase !== 'questioner-update') return;
  // Advantages computed, no optimizer step taken.
  expect(update.stats.groups.length).toBeGreaterThan(0);
  expect(update.stats.updates).toEqual([]);
  const groups = page.locator('[data-view="grpo-groups"]');
  await expect(groups.locator('[data-mark="adv-bar"][data-role="questioner"]')).toHaveCount(
    update.stats.groups.flatMap((g) => g.advantages).length,
  );
  const note = groups.locator('[data-mark="questioner-frozen-note"]');
  await expect(note).toHaveText(
    'This run does not train the questioner (questioner.train = false, Table 3’s ablation): its advantages are computed and shown, no update is made.',
  );
  await page.locator('button.lang').click();
  await expect(note).toHaveText(
    '이 실행은 출제자를 학습시키지 않습니다(questioner.train = false, 표 3의 절제 실험). 출제자의 어드밴티지는 계산해서 보여 주지만, 갱신은 하지 않습니다.',
  );
});
