/**
 * The classroom views on the production build, in English and Korean: the guided lesson moves with
 * the arrow keys and Page Up / Page Down and the address follows; its four predictions hide their
 * answer until the class has chosen, then reveal an answer equal to the recording's own numbers (read
 * here from public/runs/, not from the page); the handout prints on at most two A4 pages; an embedded
 * figure, framed by another site, draws its marks and nothing else, while the full page refuses to be
 * framed; axe finds no serious violation in the lesson and the embed. One lesson prediction is also
 * asked on the live engine, its phases trained in the tab, and answered with that run's records.
 */
import { readFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import type { PhaseRecord, RecordOf } from '../../src/engine/loop/trace';
import { E2E_BUILD_PORT } from '../../playwright.config';
import { openMenu, receivedTrace, watchPage, severeViolations, RECORDED_QUESTIONER_STEPS } from './app-checks';

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'build', 'the classroom views are checked on the production build');
});

const RECORDING = JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as { trace: PhaseRecord[] };
/** A record of the recording's first iteration. */
const first = <P extends PhaseRecord['phase']>(phase: P) =>
  RECORDING.trace.find((r) => r.phase === phase && r.iteration === 1) as RecordOf<P>;
/** A number as the page writes it: three decimals, a true minus sign. */
const shown = (x: number) => {
  const s = x.toFixed(3);
  return (Number(s) === 0 ? (0).toFixed(3) : s).replace('-', '−');
};

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];
const LANGS = ['en', 'ko'] as const;

const lessonStep = (page: Page) => page.locator('[data-lesson-step]');

for (const lang of LANGS)
  for (const viewport of VIEWPORTS)
    test(`lesson moves with → ← PageDown PageUp, filling a screen first, and the address follows (${lang}, ${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const seen = watchPage(page);
      await page.goto(`/?mode=replay&lang=${lang}&lesson=2`);
      await expect(lessonStep(page)).toHaveAttribute('data-lesson-step', '2');
      await expect(page.getByTestId('lesson-progress')).toHaveText('2 / 17');
      // The figure of the screen is outlined, on screen, and not under the panel.
      const figure = page.locator('figure[data-view="rollouts"]');
      await expect(figure).toHaveClass(/lesson-focus/);
      await expect(figure).toBeInViewport();
      const panel = await lessonStep(page).boundingBox();
      const fig = await figure.boundingBox();
      expect(fig!.x + fig!.width).toBeLessThanOrEqual(panel!.x);

      // Opened by a link, screen 2's figure is empty: → runs its phase first and stays (the panel says so).
      await expect(page.getByTestId('lesson-next-hint')).toHaveAttribute('data-next', 'run-figure');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('lesson-next-hint')).toHaveAttribute('data-next', 'next-screen');
      await expect(lessonStep(page)).toHaveAttribute('data-lesson-step', '2');
      await expect(figure).toHaveAttribute('data-empty', 'false');
      const moves: [string, number][] = [
        ['ArrowRight', 3],
        ['PageUp', 2],
        ['ArrowLeft', 1],
        ['ArrowLeft', 1],
      ];
      for (const [key, step] of moves) {
        await page.keyboard.press(key);
        await expect(lessonStep(page)).toHaveAttribute('data-lesson-step', String(step));
        await expect.poll(() => new URL(page.url()).searchParams.get('lesson')).toBe(String(step));
      }
      await expect(page.locator('[data-view="loop"]')).toHaveClass(/lesson-focus/);
      // A link opens the same screen.
      await page.goto(`/?mode=replay&lang=${lang}&lesson=13`);
      await expect(lessonStep(page)).toHaveAttribute('data-lesson-step', '13');
      await expect(page.getByTestId('lesson-progress')).toHaveText('13 / 17');
      await expect(page.locator('figure[data-view="curves"]')).toBeInViewport();
      // Closing the lesson takes it out of the address.
      await lessonStep(page).locator('button.close').click();
      await expect(lessonStep(page)).toHaveCount(0);
      expect(new URL(page.url()).searchParams.has('lesson')).toBe(false);
      // Lesson is in the header itself, not under More.
      await page.locator('header .top > [data-action="lesson"]').click();
      await expect(lessonStep(page)).toHaveAttribute('data-lesson-step', '1');
      expect(seen.errors).toEqual([]);
    });

for (const lang of LANGS)
  test(`lesson predictions hide the answer until the class chooses, then reveal the recording's numbers (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const seen = watchPage(page);
    const predict = page.locator('[data-predict]');
    const reveal = page.locator('[data-reveal]');
    /** Choose `key` (or the first choice), see the answer appear only then; its right choices. */
    const choose = async (key: string | null): Promise<string> => {
      await expect(predict.locator('button[data-choice]').first()).toBeVisible();
      await expect(reveal).toHaveCount(0);
      const pick = key ?? (await predict.locator('button[data-choice]').first().getAttribute('data-choice'))!;
      await predict.locator(`button[data-choice="${pick}"]`).click();
      await expect(reveal).toBeVisible();
      return (await reveal.getAttribute('data-reveal'))!;
    };

    // 4 / 17: which question earns the highest reward? Asked right after the solver proxy of iteration 1.
    await page.goto(`/?mode=replay&lang=${lang}&lesson=4`);
    await expect(predict).toHaveAttribute('data-predict', 'top-reward');
    await expect(reveal).toHaveCount(0);
    await predict.locator('[data-action="lesson-run-question"]').click();
    await expect(predict.locator('button[data-choice]')).toHaveCount(4);
    const rollouts = (await predict
      .locator('button[data-choice]')
      .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-choice')!.slice(1))))) as number[];
    const contracts = first('contract-parsing').contracts;
    // Each choice shows its question, or (a rollout whose contract broke) its number; the questions' p
    // differ as far as the step's proxy gave distinct p's (here most of iteration 1's questions have p = 1).
    for (const [i, r] of rollouts.entries())
      await expect(predict.locator('button[data-choice]').nth(i)).toContainText(contracts[r]!.question ?? String(r));
    const ps = first('solver-proxy')
      .results.filter((x) => rollouts.includes(x.rollout))
      .map((x) => x.p.toFixed(2));
    const distinct = new Set(first('solver-proxy').results.map((x) => x.p.toFixed(2))).size;
    expect(new Set(ps).size).toBe(Math.min(ps.length, distinct));
    const right = await choose(null);
    const totals = rollouts.map((r) => first('curriculum-reward').parts.find((p) => p.rollout === r)!.total);
    const max = Math.max(...totals);
    expect(right).toBe(
      rollouts
        .filter((_, i) => totals[i] === max)
        .map((r) => `r${r}`)
        .join(' '),
    );
    for (const [i, r] of rollouts.entries())
      await expect(reveal.locator(`li[data-rollout="${r}"]`)).toContainText(`R = ${shown(totals[i]!)}`);
    // The figure the screen points at is on screen, with the phase just run.
    await expect(page.locator('figure[data-view="reward-parts"]')).toBeInViewport();
    // With the answer shown (the panel at its tallest), the panel stays below the header's controls.
    const headerBottom = (await page.locator('header').boundingBox())!;
    const panelTop = (await lessonStep(page).boundingBox())!.y;
    expect(panelTop).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
    if (process.env.UPDATE_SCREENSHOT && lang === 'en') {
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: 'docs/lesson.png' });
    }

    // 6 / 17: which group gets no gradient? The run now stands right after the reward.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(predict).toHaveAttribute('data-predict', 'no-gradient');
    // At most four groups are offered (lesson-choices.ts); "none" is right when none of them is flagged.
    const offered = (await predict
      .locator('button[data-choice^="g"]')
      .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-choice')!.slice(1))))) as number[];
    expect(offered.length).toBeLessThanOrEqual(4);
    const groups = first('questioner-update').stats.groups.filter((g) => offered.includes(g.id));
    expect(groups).toHaveLength(offered.length);
    const flat = groups.filter((g) => g.noSignal).map((g) => `g${g.id}`);
    expect(await choose('none')).toBe(flat.length > 0 ? flat.join(' ') : 'none');
    for (const g of groups) await expect(reveal.locator(`li[data-group="${g.id}"]`)).toContainText(shown(g.std));

    // 9 / 17: will curation keep this question? Asked after self-labelling.
    await page.goto(`/?mode=replay&lang=${lang}&lesson=9`);
    await predict.locator('[data-action="lesson-run-question"]').click();
    const labels = first('self-labelling').labels;
    const asked = (await predict.locator('.question').textContent())!;
    const index = labels.findIndex((l) => asked.includes(`“${l.question}”`));
    expect(index).toBeGreaterThanOrEqual(0);
    const kept = first('curation').keptIndices.includes(index);
    expect(await choose('keep')).toBe(kept ? 'keep' : 'drop');
    await expect(reveal).toContainText(`s = ${shown(labels[index]!.score)}`);
    await expect(page.locator('figure[data-view="histogram"]')).toBeInViewport();

    // 11 / 17: at which update does ρ first leave the clip band? The executor's update decides.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(predict).toHaveAttribute('data-predict', 'clip');
    const updates = first('executor-update').stats!.updates;
    const k = updates.findIndex((u) => u.clipLowFrac + u.clipHighFrac + u.dualClipFrac > 0);
    expect(await choose('u1')).toBe(k < 0 ? 'none' : `u${k + 1}`);
    await expect(reveal.locator('li')).toHaveCount(updates.length);
    // Asked again: the answer goes, and the question waits for the run's next chance (the next iteration).
    await predict.locator('[data-action="lesson-ask-again"]').click();
    await expect(reveal).toHaveCount(0);
    await expect(predict.locator('[data-action="lesson-run-question"]')).toBeVisible();

    // The lesson panel, with a prediction answered and the teacher notes open.
    await lessonStep(page).locator('details.notes > summary').click();
    expect(await severeViolations(page, '[data-lesson-step]')).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

test('a live lesson: Run to the question trains the engine in the tab, and the answer is that run’s numbers', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const seen = watchPage(page);
  const predict = page.locator('[data-predict]');
  const reveal = page.locator('[data-reveal]');
  // 4 / 17 on the live engine: the solver proxy of iteration 1 runs here, not from a recording.
  await page.goto('/?lesson=4');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 180_000 });
  await expect(predict).toHaveAttribute('data-predict', 'top-reward');
  await predict.locator('[data-action="lesson-run-question"]').click();
  await expect(predict.locator('button[data-choice]')).toHaveCount(4, { timeout: 360_000 });
  await expect(reveal).toHaveCount(0);
  // The run stands right after the solver proxy: questioner rollouts, contract parsing, solver proxy.
  const before = await receivedTrace(page);
  expect(before.map((r) => r.phase)).toEqual(['questioner-rollouts', 'contract-parsing', 'solver-proxy']);
  const rollouts = (await predict
    .locator('button[data-choice]')
    .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-choice')!.slice(1))))) as number[];
  const contracts = (before[1] as RecordOf<'contract-parsing'>).contracts;
  // Each choice names its rollout's question, or says the rollout broke its contract.
  for (const [i, r] of rollouts.entries())
    await expect(predict.locator('button[data-choice]').nth(i)).toContainText(
      contracts[r]!.question ?? `rollout ${r}, which broke the contract`,
    );
  await predict.locator('button[data-choice]').first().click();
  // Choosing runs the curriculum reward live; the answer is the highest total of that record.
  await expect(reveal).toBeVisible({ timeout: 120_000 });
  const reward = (await receivedTrace(page))[3] as RecordOf<'curriculum-reward'>;
  expect(reward.phase).toBe('curriculum-reward');
  const totals = rollouts.map((r) => reward.parts.find((p) => p.rollout === r)!.total);
  const max = Math.max(...totals);
  expect(await reveal.getAttribute('data-reveal')).toBe(
    rollouts
      .filter((_, i) => totals[i] === max)
      .map((r) => `r${r}`)
      .join(' '),
  );
  for (const [i, r] of rollouts.entries())
    await expect(reveal.locator(`li[data-rollout="${r}"]`)).toContainText(`R = ${shown(totals[i]!)}`);
  expect(seen.errors).toEqual([]);
});

/** PDF pages: the page objects (`/Type /Page`, not the `/Pages` tree) in the file. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

for (const lang of LANGS)
  test(`the handout of the recorded run prints on at most two A4 pages (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const seen = watchPage(page);
    // The header's Print button opens the handout and the browser's print dialog.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto(`/?mode=replay&lang=${lang}`);
    await openMenu(page);
    await page.locator('[data-action="print"]').click();
    await expect(page.getByTestId('handout')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(new URL(page.url()).searchParams.get('handout')).toBe('1');

    await page.goto(`/?mode=replay&lang=${lang}&handout=1`);
    const handout = page.getByTestId('handout');
    // The whole recording is in: its 8 iterations, its Table 5 and the formulas with its numbers.
    await expect(handout.locator('.katex')).toHaveCount(5);
    // For students: ADPO's g(s) and ε_high(s) (the fifth formula), Table 5 with the paper's row, five questions.
    await expect(handout.getByTestId('handout-table5').locator('tbody tr')).toHaveCount(5);
    await expect(handout.getByTestId('handout-question')).toHaveCount(5);
    await expect(handout).toContainText(lang === 'en' ? '8 iterations' : '반복 8회');
    await expect(page.locator('header')).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('button:visible')).toHaveCount(0);
    const pdf = await page.pdf({ format: 'A4' });
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    // The count is of real pages: the whole lab, printed, takes many more.
    await page.goto(`/?mode=replay&lang=${lang}`);
    await expect(page.locator('section[data-chapter]').first()).toBeVisible();
    expect(pdfPages(await page.pdf({ format: 'A4' }))).toBeGreaterThan(2);
    expect(seen.errors).toEqual([]);
  });

const FIGURES = [
  { name: 'reward', view: 'reward-parts', marks: '[data-view="reward-parts"] svg rect' },
  { name: 'votes', view: 'votes', marks: '[data-view="votes"] svg rect' },
  {
    name: 'grpo',
    view: 'grpo-groups',
    marks: '[data-view="grpo-groups"] svg circle, [data-view="grpo-groups"] svg rect',
  },
  { name: 'adpo', view: 'adpo-curves', marks: '[data-view="adpo-curves"] svg path' },
  { name: 'curves', view: 'curves', marks: '[data-view="curves"] svg path' },
  { name: 'compare', view: 'compare', marks: '[data-view="compare"] svg path' },
];

/**
 * A course page on another origin that frames `src`: a server of this test on a port of its own
 * (localhost, since every other host is unresolvable here, and Chromium's local network checks refuse
 * a page the test serves from a made-up public host to frame localhost).
 */
async function coursePage(page: Page, src: string, width = 640, height = 520): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end(
      `<!doctype html><title>Course</title><h1>Week 9</h1><iframe title="figure" src="${src}" width="${width}" height="${height}"></iframe>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  return server;
}

for (const [i, f] of FIGURES.entries()) {
  const lang = LANGS[i % 2]!;
  test(`?embed=${f.name} framed by a course page draws its marks and nothing else, and steps (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS[i % 2]!);
    const seen = watchPage(page);
    const course = await coursePage(page, `http://localhost:${E2E_BUILD_PORT}/?embed=${f.name}&lang=${lang}`);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator(f.marks).first()).toBeVisible();
    // Only that figure: no header, no chapter, no other figure.
    await expect(frame.locator('figure[data-view]')).toHaveCount(1);
    await expect(frame.locator(`figure[data-view="${f.view}"]`)).toHaveCount(1);
    await expect(frame.locator('header, section[data-chapter], nav[aria-label] a[href^="#ch-"]')).toHaveCount(0);
    // Sized to its frame: nothing wider than the frame.
    const inner = page.frames().find((x) => x.url().includes('embed='))!;
    expect(await inner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Its own steps: a recording of 8 iterations has 8 records of each executor phase and 8 per
    // curriculum step of each questioner phase (the reward and GRPO figures).
    const position = frame.getByTestId('embed-position');
    const stops = f.name === 'reward' || f.name === 'grpo' ? 8 * RECORDED_QUESTIONER_STEPS : 8;
    const start = f.name === 'curves' || f.name === 'compare' ? 8 : 1;
    await expect(position).toContainText(`${start} / ${stops}`);
    const move = start === 8 ? 'embed-previous' : 'embed-next';
    await frame.locator(`[data-action="${move}"]`).click();
    await expect(position).toContainText(`${start === 8 ? 7 : 2} / ${stops}`);
    await expect(frame.locator(f.marks).first()).toBeVisible();
    expect(seen.errors).toEqual([]);
    course.close();
  });
}

test('the full page refuses to be framed by another site; an unknown figure is said in the page’s language', async ({
  page,
  request,
}) => {
  const base = `http://localhost:${E2E_BUILD_PORT}`;
  expect((await request.get(`${base}/?embed=reward`)).headers()['content-security-policy']).toContain(
    'frame-ancestors *',
  );
  expect((await request.get(`${base}/?mode=replay`)).headers()['content-security-policy']).toContain(
    "frame-ancestors 'none'",
  );
  const seen = watchPage(page);
  const course = await coursePage(page, `${base}/?mode=replay&lesson=1`);
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true);
  expect(seen.errors.join('\n')).toContain("frame-ancestors 'none'");
  course.close();

  await page.goto('/?embed=header&lang=ko');
  await expect(page.getByTestId('embed-unknown')).toContainText('“header”이라는 그림은 없습니다');
  await expect(page.getByTestId('embed-unknown')).toContainText('reward, votes, grpo, adpo, curves, compare');
  await expect(page.locator('figure')).toHaveCount(0);
  await page.goto('/?embed=header');
  await expect(page.getByTestId('embed-unknown')).toContainText('There is no figure called “header”');
});

for (const lang of LANGS)
  test(`axe: no serious violation in the embed view (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const f of ['reward', 'adpo']) {
      await page.goto(`/?embed=${f}&lang=${lang}`);
      await expect(page.locator('figure svg').first()).toBeVisible();
      expect(await severeViolations(page)).toEqual([]);
    }
  });
