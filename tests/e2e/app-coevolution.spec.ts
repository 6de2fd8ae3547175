/**
 * Table 5 on the page (the Curves chapter): a recording carrying its table replays it as a heat map
 * beside the paper's row, with the sentence from the recording's own numbers, in English and Korean;
 * a recording whose table is malformed is refused whole, naming the cell; and a live tiny run
 * computes its table in the worker (Compute, with progress) without leaving tensors behind, and says
 * why a loaded run has none.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { CoevolutionRow } from '../../src/engine/files/coevolution-table';
import type { EngineEvent } from '../../src/engine/protocol';
import { table5Finding } from '../../src/engine/studies/table5-finding';
import { EN } from '../../src/ui/text/en';
import { openMenu, watchPage, severeViolations, proseText } from './app-checks';

const FIXTURE = 'tests/fixtures/coevolution/table5.json';
/** Questions in each pool the fixture's trace gets: what the cells' pass rates are over. */
const POOL_QUESTIONS = [100, 50, 100];
/** A pool record of `n` questions the oracle answers (what is k + 1, k = 1…n). */
const pool = (iteration: number, n: number) => ({
  phase: 'question-pool',
  iteration,
  step: 1,
  ms: 1,
  backend: 'wasm',
  numTensors: 0,
  generated: n,
  questions: Array.from({ length: n }, (_, k) => ({ question: `What is ${k + 1} + 1 ?`, answer: String(k + 2) })),
});
/** The fixture, with its three pools in the trace (a cell's standard error counts their questions). */
const recording = () => {
  const r = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { coevolution: CoevolutionRow[]; trace: unknown[] };
  r.trace = [...r.trace, ...POOL_QUESTIONS.map((n, i) => pool(i + 1, n))];
  return r;
};

/** Serve `body` as the shipped recording the replay opens. */
async function serveRecording(page: Page, body: unknown): Promise<void> {
  await page.route('**/runs/classroom-seed1.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/** Each drawn cell of the run's table: its data and the text written in it. */
async function cells(page: Page, mark = 'coevolution-cell') {
  return page.locator(`[data-view="coevolution"] [data-mark="${mark}"]`).evaluateAll((els) =>
    els.map((el) => ({
      solver: Number(el.getAttribute('data-solver')),
      pool: Number(el.getAttribute('data-pool')),
      pass: el.getAttribute('data-pass'),
      toolCalls: el.getAttribute('data-tool-calls'),
      text: [...el.querySelectorAll('text')].map((t) => t.textContent).join(' | '),
    })),
  );
}

test('a recording’s Table 5: heat map, the paper’s row and the sentence, in English and Korean', async ({
  page,
}, testInfo) => {
  const seen = watchPage(page);
  await serveRecording(page, recording());
  await page.goto('/?mode=replay');
  const view = page.locator('[data-view="coevolution"]');
  await expect(view.locator('[data-mark="coevolution-cell"]')).toHaveCount(9);
  await expect(view.locator('[data-action="coevolution"]')).toHaveCount(0);
  await expect(view.getByTestId('coevolution-source')).toHaveText(
    'Recorded with the run: npm run coevolution computed it over its 3 iterations.',
  );
  const drawn = await cells(page);
  expect(drawn.slice(3, 6)).toEqual([
    { solver: 1, pool: 1, pass: '0.5', toolCalls: '0.4', text: '50.0% | 0.40 calls' },
    { solver: 1, pool: 2, pass: '0.45', toolCalls: '0.6', text: '45.0% | 0.60 calls' },
    { solver: 1, pool: 3, pass: '0.3', toolCalls: '1.2', text: '30.0% | 1.20 calls' },
  ]);
  // The pool the oracle cannot answer has no cell values; the base model's row and the last one.
  expect(drawn[2]).toEqual({ solver: 0, pool: 3, pass: '', toolCalls: '', text: '—' });
  expect(drawn[8]).toMatchObject({ solver: 3, pool: 3, pass: '0.6', text: '60.0% | 2.00 calls' });
  const rowLabels = await view.locator('svg[data-table="run"] > text').allTextContents();
  expect(rowLabels).toEqual(
    expect.arrayContaining(['base model', 'after iteration 1', 'after iteration 3', 'pool 1', 'pool 3']),
  );
  expect((await cells(page, 'paper-cell')).map((c) => c.text)).toEqual([
    '64.0% | 1.65 calls',
    '58.5% | 2.10 calls',
    '51.0% | 2.60 calls',
  ]);
  await expect(view.getByTestId('coevolution-finding')).toHaveText(
    // √(0.5·0.5/100 + 0.3·0.7/100) = 0.0678: two standard errors are ±13.6 points.
    'Here the executor frozen after iteration 1 passes 50.0% of pool 1’s 100 questions and 30.0% of pool 3’s 100: its pass rate falls 20.0 points, more than two standard errors (±13.6 points), so the later questions are harder for it, as in the paper (paper: falls 13.0 points, 64.0% → 51.0%, on 200 questions a pool). Its tool calls per rollout go from 0.40 to 1.20 (paper: 1.65 → 2.60).',
  );
  await view.screenshot({ path: testInfo.outputPath('coevolution-en.png') });
  expect(await severeViolations(page, '[data-view="coevolution"]')).toEqual([]);
  // A cell's numbers in its tooltip.
  await view.locator('[data-mark="coevolution-cell"]').first().focus();
  await expect(page.getByRole('tooltip')).toContainText('executor base model, pool of iteration 1');

  await page.locator('button.lang').click();
  await expect(view.getByTestId('coevolution-finding')).toHaveText(
    '이 실행에서 반복 1 뒤에 고정한 해답자는 풀 1의 문제 100개 중 50.0%, 풀 3의 문제 100개 중 30.0%를 통과해 통과율이 20.0%p 내려갑니다(표준오차의 두 배(±13.6%p)보다 큼). 논문처럼 뒤 반복의 문제가 이 해답자에게 더 어렵다는 뜻입니다(논문: 13.0%p 하락, 64.0% → 51.0%, 풀마다 문제 200개). 롤아웃당 도구 호출은 0.40회에서 1.20회가 됩니다(논문: 1.65회 → 2.60회).',
  );
  expect((await cells(page)).slice(3, 6).map((c) => c.text)).toEqual([
    '50.0% | 호출 0.40회',
    '45.0% | 호출 0.60회',
    '30.0% | 호출 1.20회',
  ]);
  await expect(view.locator('svg[data-table="run"] > text', { hasText: '반복 1 뒤' })).toHaveCount(1);
  await view.screenshot({ path: testInfo.outputPath('coevolution-ko.png') });
  expect(await severeViolations(page, '[data-view="coevolution"]')).toEqual([]);
  // No English word is left in the Korean view but Agent0, code (the command, the model's name) and
  // the file formats on the figure's export buttons (SVG, PNG).
  const text = await proseText(view);
  expect((text.match(/[A-Za-z][A-Za-z0-9'’-]+/g) ?? []).filter((w) => !['Agent0', 'SVG', 'PNG'].includes(w))).toEqual(
    [],
  );
  await expect(view.getByTestId('coevolution-source')).toHaveText(
    '실행과 함께 녹화한 표입니다. npm run coevolution이 반복 3개 전체로 계산했습니다.',
  );
  expect(seen.errors).toEqual([]);
});

test('a recording whose Table 5 is malformed is refused, naming the cell', async ({ page }) => {
  const bad = recording();
  (bad.coevolution[1] as CoevolutionRow).pass[2] = 1.2;
  await serveRecording(page, bad);
  await page.goto('/?mode=replay');
  await expect(page.getByTestId('status')).toContainText(
    'The run file is malformed at coevolution[1].pass[2]: expected a pass rate in [0, 1]',
  );
  await expect(page.locator('[data-mark="coevolution-cell"]')).toHaveCount(0);
});

/** Live tensors in the engine worker (the `memory` command). */
async function workerTensors(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const worker = window.__agent0EngineWorker as Worker;
        const listen = (e: MessageEvent<EngineEvent>) => {
          if (e.data.type !== 'memory') return;
          worker.removeEventListener('message', listen);
          resolve(e.data.backend.tensors);
        };
        worker.addEventListener('message', listen);
        worker.postMessage({ type: 'memory' });
      }),
  );
}

test('live: Compute makes the tiny run’s table in the worker, and a loaded run says why it has none', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'dev', 'one live table is enough');
  test.setTimeout(420_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny');
  const view = page.locator('[data-view="coevolution"]');
  const compute = view.locator('[data-action="coevolution"]');
  await expect(page.locator('[data-action="iteration"]')).toBeEnabled({ timeout: 150_000 });
  await expect(compute).toBeDisabled();
  await page.locator('[data-action="iteration"]').click();
  await expect(page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]')).toHaveCount(1, {
    timeout: 240_000,
  });
  await expect(compute).toBeEnabled();
  await expect(view.getByTestId('coevolution-hint')).toContainText(
    'Executors kept so far: base model, after iteration 1.',
  );
  const before = await workerTensors(page);
  await compute.click();
  await expect(view.getByTestId('coevolution-progress')).toBeVisible();
  await expect(view.locator('[data-mark="coevolution-cell"]')).toHaveCount(2, { timeout: 240_000 });
  const drawn = await cells(page);
  expect(drawn.map((c) => [c.solver, c.pool])).toEqual([
    [0, 1],
    [1, 1],
  ]);
  for (const c of drawn) {
    if (c.pass === '') continue;
    const pass = Number(c.pass);
    expect(pass).toBeGreaterThanOrEqual(0);
    expect(pass).toBeLessThanOrEqual(1);
    expect(c.text).toBe(`${(pass * 100).toFixed(1)}% | ${Number(c.toolCalls).toFixed(2)} calls`);
  }
  await expect(view.getByTestId('coevolution-source')).toHaveText(
    'Computed in this tab over the run’s first iteration.',
  );
  await expect(view.getByTestId('coevolution-finding')).toHaveText(/^With a single pool there is nothing to compare/);
  expect(await workerTensors(page)).toBe(before);

  // One more iteration: the table is behind the run until computed again, then has two pools and the
  // sentence states the executor after iteration 1 on pool 1 against pool 2, from the drawn cells.
  await page.locator('[data-action="iteration"]').click();
  await expect(page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]')).toHaveCount(2, {
    timeout: 240_000,
  });
  await expect(view.getByTestId('coevolution-stale')).toHaveText(
    'The run has gone on to iteration 2 since: press Compute again to add the newer pools and executors.',
  );
  await expect(view.getByTestId('coevolution-hint')).toContainText(
    'Executors kept so far: base model, after iteration 1, after iteration 2.',
  );
  await compute.click();
  await expect(view.locator('[data-mark="coevolution-cell"]')).toHaveCount(6, { timeout: 240_000 });
  await expect(view.getByTestId('coevolution-stale')).toHaveCount(0);
  const two = await cells(page);
  const rows: CoevolutionRow[] = [0, 1, 2].map((solver) => {
    const mine = two.filter((c) => c.solver === solver);
    const value = (v: string | null) => (v === '' || v === null ? null : Number(v));
    return { solver, pass: mine.map((c) => value(c.pass)), toolCalls: mine.map((c) => value(c.toolCalls)) };
  });
  const questions = (await view.locator('svg[data-table="run"]').getAttribute('data-questions'))!
    .split(' ')
    .map(Number);
  expect(questions).toHaveLength(2);
  await expect(view.getByTestId('coevolution-finding')).toHaveText(
    EN.coevolution.finding(table5Finding(rows, questions)),
  );
  await view.screenshot({ path: testInfo.outputPath('coevolution-live.png') });
  expect(await workerTensors(page)).toBe(before);

  // Two more: the executor after iteration 2 gives way to 3, then 4 (the base, 1 and 3 stay).
  for (const n of [3, 4]) {
    await page.locator('[data-action="iteration"]').click();
    await expect(page.locator('[data-mark="curve-point"][data-metric="heldOutAccuracy"]')).toHaveCount(n, {
      timeout: 240_000,
    });
  }
  await expect(view.getByTestId('coevolution-hint')).toContainText(
    'Executors kept so far: base model, after iteration 1, after iteration 3, after iteration 4.',
  );

  // A saved run loaded back has lost the executors before its last iteration: the page says so.
  await openMenu(page);
  await page.locator('[data-action="save"]').click();
  await expect(page.locator('.notice')).toBeVisible();
  await page.locator('[data-action="load"]').click();
  await expect(view.getByTestId('coevolution-unavailable')).toContainText('it cannot be computed for a loaded run');
  await expect(compute).toBeDisabled();
  await expect(view.locator('[data-mark="coevolution-cell"]')).toHaveCount(0);
  expect(seen.errors).toEqual([]);
});
