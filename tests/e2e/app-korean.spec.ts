/**
 * The page in Korean: after every phase of the recorded run's first iteration has filled its
 * chapter (and the repair chapter has loaded its recording), no English word is left in the visible
 * text, in an aria label or in a title. Allowed: names and symbols (Agent0, GRPO, KL, top-p…),
 * settings keys and values (preset, backend and variant names), code (`code`, `pre`, `cite` of a
 * work's title), formula TeX (KaTeX), and the models' own text, which the test takes from the
 * trace the page received. Settings refused in the address and files refused (compare view, Open
 * file) are said in Korean too, with no English word but the settings paths and the values written.
 */
import { expect, type Page, test } from '@playwright/test';
import { PHASES } from '../../src/engine/loop/trace';
import { receivedTrace, waitForRecords, RECORDED_PER_ITERATION } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/** Names, acronyms, units and symbols that stay as they are in Korean. */
const ALLOWED = new Set(
  (
    'Agent0 Lab UNIPO GRPO ADPO KL BLEU WebGPU WebGL WASM SIMD tfjs CPU GPU Parquet README arXiv Li Python LaTeX mathruler sympy HTTP JSON ' +
    'top-p top-k min max high low clip T p s A R U B G g n r i j e m Ctrl Tab Esc Page Up Down English SVG PNG kB PPO ' +
    'classroom faithful tiny webgpu wasm webgl cpu'
  ).split(' '),
);

/** Settings keys (section.key), file names and extensions (.a0run) and code identifiers are code, not words. */
const CODE = /[\w.-]*\.[a-z][\w=.-]*|[a-z]+_[\w_]+|\S+\/\S*/g;

/**
 * The English words of `text` once the `known` strings (the models' own text, variant names, values
 * a test wrote) and code are taken out. Single letters are symbols (p, s, A, d(i, j), L); words have
 * two letters or more. A text that is one known string, such as one token's piece, is model text
 * however short.
 */
function wordsIn(text: string, known: readonly string[]): string[] {
  if (known.includes(text.trim())) return [];
  let rest = text;
  // Longest first, so a question is removed before an answer that is part of it. Strings of one or
  // two characters are removed only in quotes, as a token's label quotes its piece ("in"): anywhere
  // else they would cut words such as "Agent0" apart.
  for (const m of [...known].sort((a, b) => b.length - a.length))
    rest = m.length > 2 ? rest.split(m).join(' ') : rest.split(`"${m}"`).join(' ');
  return (rest.replace(CODE, ' ').match(/[A-Za-z][A-Za-z0-9'’-]+/g) ?? []).filter(
    (w) => !ALLOWED.has(w) && !ALLOWED.has(w.replace(/[’'-]+$/, '')),
  );
}

/** Every English word left on the page as it is now (see the file comment for what is allowed). */
async function englishWords(page: Page): Promise<string[]> {
  // The models' own text: whatever the trace carries as strings (questions, answers, transcripts, votes).
  const trace = await receivedTrace(page);
  const model = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string') model.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(trace);
  const variants = await page.locator('[data-action="repair-variant"] option').allTextContents();

  const found = await page.evaluate(() => {
    const skip = (el: Element | null) =>
      el?.closest('.katex, code, pre, cite, script, style, [data-model-text]') !== null;
    const texts: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || skip(el) || !n.textContent?.trim()) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const hiddenInside = el.closest('details:not([open]) > :not(summary)') !== null;
      if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden' || hiddenInside) continue;
      texts.push({ where: el.tagName.toLowerCase(), text: n.textContent });
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt]')) {
      for (const a of ['aria-label', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v) texts.push({ where: `${el.tagName.toLowerCase()}[${a}]`, text: v });
      }
    }
    return texts;
  });

  // The walk read the page: hundreds of strings, most of them Korean.
  expect(found.length).toBeGreaterThan(300);
  expect(found.filter((f) => /[가-힣]/.test(f.text)).length).toBeGreaterThan(found.length / 3);
  const known = [...model, ...variants];
  const english = found.flatMap(({ where, text }) =>
    wordsIn(text, known).map((w) => `${where}: "${w}" in "${text.slice(0, 80)}"`),
  );
  return [...new Set(english)];
}

test('Korean page: no English word in visible text or aria labels', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'build', 'the Korean walk runs on the production build');
  test.setTimeout(240_000);
  await page.goto('/?mode=replay&lang=ko');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
  await expect(page.locator('[data-mark="repair-controls"]')).toBeVisible({ timeout: 60_000 });
  for (let i = 0; i < RECORDED_PER_ITERATION; i++) {
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 10_000);
  }
  await page.locator('details.settings > summary').click();
  expect(await englishWords(page)).toEqual([]);
});

test('Korean page, live run: no English word once the engine is ready and has run a phase', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'build', 'the Korean walk runs on the production build');
  test.setTimeout(240_000);
  await page.goto('/?preset=tiny&lang=ko');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 150_000 });
  await expect(page.locator('[data-testid="no-webgpu"]')).toBeVisible();
  await page.keyboard.press('s');
  await waitForRecords(page, 1, 180_000);
  await page.locator('details.settings > summary').click();
  // The backend badge's details: why this backend runs, its WASM build and threads, the skipped WebGPU.
  await page.locator('details.badge > summary').click();
  await expect(page.locator('[data-testid="backend-why"]')).toBeVisible();
  expect(await englishWords(page)).toEqual([]);
});

/** The English words of the header (visible text, aria labels, titles) besides `known` values. */
async function headerWords(page: Page, known: readonly string[]): Promise<string[]> {
  const texts = await page
    .locator('header')
    .evaluate((h) => [
      (h as HTMLElement).innerText,
      ...[...h.querySelectorAll('[aria-label], [title]')].flatMap((el) =>
        ['aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''),
      ),
    ]);
  return texts.flatMap((t) => wordsIn(t, known));
}

const BAD_SETTINGS: [label: string, sets: string[], korean: string[], values: string[]][] = [
  [
    'a value out of its range',
    ['executor.trustLow=2'],
    ['설정이 올바르지 않습니다', 'executor.trustLow: [0, 1] 범위의 수여야 합니다 (받은 값: 2)', '보다 작아야 합니다'],
    [],
  ],
  ['an unknown setting', ['foo.bar=1'], ['설정이 올바르지 않습니다', 'foo: 이런 이름의 설정은 없습니다'], ['foo']],
  [
    'a setting written without its section',
    ['trustLow=2'],
    ['설정 "trustLow=2"은(는) section.key=value 꼴이어야 합니다 (예: executor.algorithm=grpo).'],
    ['trustLow=2'],
  ],
  [
    'a setting that contradicts the as-released switch',
    ['release.mode=as-released', 'executor.algorithm=adpo'],
    ['executor.algorithm: release.mode=as-released는 "grpo"(으)로 실행합니다 (받은 값: "adpo")'],
    ['grpo', 'adpo'],
  ],
];

for (const [label, sets, korean, values] of BAD_SETTINGS) {
  test(`Korean page, ${label} in the address: the header says so in Korean`, async ({ page }) => {
    await page.goto(`/?lang=ko&preset=tiny&${sets.map((s) => `set=${encodeURIComponent(s)}`).join('&')}`);
    const status = page.locator('[data-testid="status"]');
    for (const k of korean) await expect(status).toContainText(k);
    await expect(page.locator('[data-testid="start-failed"]')).toBeVisible();
    expect(await headerWords(page, values)).toEqual([]);
  });
}

test('Korean page: a file that is not a run, added to the compare view, is refused in Korean', async ({ page }) => {
  await page.goto('/?mode=replay&lang=ko');
  await page.locator('[data-action="compare-file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a run'),
  });
  const alert = page.locator('[data-testid="compare-problem"]');
  await expect(alert).toHaveText('notes.txt: 녹화된 기록(JSON)도, 저장된 실행(.a0run)도 아닙니다.');
});

test('Korean page, live run: a file that is not a saved run, given to Open file, is refused in Korean', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?preset=tiny&lang=ko');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 150_000 });
  await page
    .locator('[data-action="load-file-input"]')
    .setInputFiles({ name: 'broken.a0run', mimeType: 'application/octet-stream', buffer: Buffer.from('no run here') });
  const refused = page.locator('[data-testid="refused"]');
  await expect(refused).toContainText(
    'broken.a0run: 실행 체크포인트를 받아들이지 않았습니다: 파일이 너무 짧습니다 (11바이트).',
    { timeout: 60_000 },
  );
  await expect(refused).toContainText('불러오지 않았습니다');
  expect(await headerWords(page, [])).toEqual([]);
  await expect(page.locator('[data-action="step"]')).toBeEnabled();
});

test('Korean page: a fork in the address that cannot be read is said in Korean beside the other address problems', async ({
  page,
}) => {
  await page.goto(`/?mode=replay&lang=ko&seed=x&fork=${encodeURIComponent('executor.klCoef=0.05')}`);
  const problems = page.locator('main > p.problems');
  await expect(problems).toContainText('시드 "x"');
  await expect(problems).toContainText('주소의 분기 항목 "executor.klCoef=0.05"은(는) 반복:section.key=value 꼴이어야');
  expect(wordsIn(await problems.innerText(), [])).toEqual([]);
});

test('Korean page, live run: changes a fork refuses are said in Korean', async ({ page }) => {
  test.setTimeout(480_000);
  await page.goto('/?preset=tiny&lang=ko');
  await expect(page.locator('[data-action="iteration"]')).toBeEnabled({ timeout: 150_000 });
  await page.keyboard.press('i');
  await waitForRecords(page, PHASES.length, 300_000);
  await page.locator('[data-action="fork"]').click();
  const dialog = page.locator('[data-testid="fork-dialog"]');
  await dialog.locator('textarea').fill('executor.kl=0.05\nexecutor.klCoef=0.01\nexecutor.trustLow=2');
  await dialog.locator('[data-action="fork-submit"]').click();
  const problem = dialog.locator('[data-testid="fork-problem"]');
  await expect(problem).toContainText('바꿀 설정이 올바르지 않습니다');
  await expect(problem).toContainText('executor.kl: 이런 이름의 설정은 없습니다.');
  await expect(problem).toContainText('executor.klCoef: 이 실행에서 이미 0.01이므로 바뀌는 것이 없습니다.');
  expect(wordsIn(await problem.innerText(), [])).toEqual([]);
  // The other changes pass, so the forked settings are checked next: trustLow = 2 is out of range.
  await dialog.locator('textarea').fill('executor.trustLow=2');
  await dialog.locator('[data-action="fork-submit"]').click();
  await expect(problem).toContainText('설정이 올바르지 않습니다');
  await expect(problem).toContainText('executor.trustLow: [0, 1] 범위의 수여야 합니다 (받은 값: 2).');
  expect(wordsIn(await problem.innerText(), [])).toEqual([]);
});

test('Korean page: recordings that are missing are said in Korean, with the command that writes them', async ({
  page,
}) => {
  await page.route('**/runs/classroom-seed1.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route('**/runs/repair-ablation.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/?mode=replay&lang=ko');
  const command = 'npm run simulate -- --out public/runs/classroom-seed1.json';
  const status = page.locator('[data-testid="status"]');
  await expect(status).toContainText(`녹화된 실행 /runs/classroom-seed1.json이(가) 없습니다 (HTTP 404). ${command}`);
  expect(await headerWords(page, [command])).toEqual([]);
  const repair = page.locator('[data-mark="repair-error"]');
  await expect(repair).toContainText('녹화된 절제 실험 /runs/repair-ablation.json이(가) 없습니다 (HTTP 404)');
  expect(
    wordsIn(await repair.innerText(), ['npm run simulate:repair -- --out public/runs/repair-ablation.json']),
  ).toEqual([]);
});
