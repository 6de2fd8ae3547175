/**
 * Issue 61's fixed items in Firefox ESR, on the production build (Chromium: tests/e2e/
 * app-lesson-keys.spec.ts, app-vote-grid.spec.ts, app-accessibility.spec.ts's Label in Name):
 *
 * 1. The whole recorded lesson (`?mode=replay&lesson=1&projector=1`) from a presenter remote, key
 *    presses only, in English at 1280×720 and Korean at 1920×1080: every screen, once reached and
 *    settled, outlines a figure with data and never its empty-figure text; every prediction is open
 *    on arrival, its choices on screen, answered by a digit on even screens and revealed by Page Down
 *    on odd ones; Back never runs a phase; keys typed into a field stay in the field.
 * 2. The vote grid in 720 px (Korean): in every row the vote squares, the "s = …" label and the kept
 *    mark do not overlap, and nothing is cut or past the figure's scroll box.
 * 3. Label in Name in Korean: every control named apart from its text starts its name with that text.
 *
 * The checks run in the page as strings: tsx's bundler would wrap named inner functions of a
 * serialized function in a helper the page does not have.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { EN } from '../../src/ui/text/en';
import { KO } from '../../src/ui/text/ko';
import { LESSON_SCREENS } from '../../src/ui/classroom/lesson-screens';
import { RECORDED_PER_ITERATION } from '../recorded-run';
import { attr, launchFirefox, live, serveBuild, stepEnabled, text, trace, until, watch } from './harness';

let origin = '';
let stopServer = () => {};
let browser: Browser;

before(async () => {
  ({ origin, stop: stopServer } = await serveBuild());
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  stopServer();
});

const TEXT = { en: EN, ko: KO } as const;
const PANEL = '[data-lesson-step]';
const HINT = '[data-testid="lesson-next-hint"]';

/** The element is drawn: a box of some size, not hidden (Playwright's toBeVisible). */
const visible = (page: Page, selector: string) => () =>
  page.evaluate(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  })()`) as Promise<boolean>;

/** The lesson's screen number now. */
const screenNumber = (page: Page) => attr(page, PANEL, 'data-lesson-step');

async function onScreen(page: Page, step: number): Promise<void> {
  await until(`screen ${step}`, async () => (await screenNumber(page)) === String(step), 10_000, {
    describe: async () => `screen ${await screenNumber(page)}`,
  });
}

/** Wait until the lesson is not stepping the run (Next has something to do other than wait). */
async function settled(page: Page): Promise<string> {
  await until('the lesson settled', async () => (await attr(page, HINT, 'data-next')) !== 'wait', 30_000, live(page));
  return (await attr(page, HINT, 'data-next')) ?? '';
}

/** The outlined figure: how many there are, its data-empty, and whether it shows the empty-figure text. */
function focused(page: Page, emptyText: string): Promise<{ count: number; empty: string | null; saysEmpty: boolean }> {
  return page.evaluate(`(() => {
    const figures = document.querySelectorAll('figure.lesson-focus');
    const figure = figures[0];
    return {
      count: figures.length,
      empty: figure ? figure.getAttribute('data-empty') : null,
      saysEmpty: figure ? figure.innerText.includes(${JSON.stringify(emptyText)}) : false,
    };
  })()`) as Promise<{ count: number; empty: string | null; saysEmpty: boolean }>;
}

/**
 * For each answer button of the open prediction: whether part of it is seen, in the window and not
 * clipped by the panel (which scrolls inside).
 */
function choicesInView(page: Page): Promise<boolean[]> {
  return page.evaluate(`(() => {
    const panel = document.querySelector('${PANEL}').getBoundingClientRect();
    return [...document.querySelectorAll('${PANEL} button[data-choice]')].map((b) => {
      const r = b.getBoundingClientRect();
      const top = Math.max(r.top, panel.top, 0);
      const bottom = Math.min(r.bottom, panel.bottom, innerHeight);
      return r.width > 0 && r.right > 0 && r.left < innerWidth && bottom > top;
    });
  })()`) as Promise<boolean[]>;
}

/** Where the answer buttons and the panel lie, and the window's size (for a failure's message). */
const choiceBoxes = (page: Page): Promise<string> =>
  page.evaluate(`JSON.stringify({
    window: [innerWidth, innerHeight],
    panel: (({ top, bottom, left, right }) => ({ top, bottom, left, right }))(document.querySelector('${PANEL}').getBoundingClientRect()),
    choices: [...document.querySelectorAll('${PANEL} button[data-choice]')].map((b) => {
      const r = b.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
    }),
  })`) as Promise<string>;

const LESSONS = [
  { lang: 'en', width: 1280, height: 720 },
  { lang: 'ko', width: 1920, height: 1080 },
] as const;

for (const { lang, width, height } of LESSONS)
  test(
    `Firefox: the whole lesson runs on Page Down, Back and digits alone (${lang}, ${width}×${height})`,
    {
      timeout: 240_000,
    },
    async () => {
      const t = TEXT[lang];
      const page = await browser.newPage();
      const seen = watch(page);
      await page.setViewport({ width, height });
      await page.goto(`${origin}/?mode=replay&lesson=1&projector=1&lang=${lang}`);
      await until(
        'the lesson at screen 1, ready',
        async () =>
          (await screenNumber(page)) === '1' && (await text(page, '[data-testid="status"]')).trim() === t.status.ready,
        60_000,
        live(page),
      );
      // Keys go to the page, not to a focused control.
      await page.click('h1');

      // Space as its character: puppeteer's BiDi keyboard knows no "Space".
      const nextKeys = ['PageDown', 'ArrowRight', ' '] as const;
      let answeredByDigit = 0;
      for (let step = 1; step <= LESSON_SCREENS.length; step++) {
        const screen = LESSON_SCREENS[step - 1]!;
        const at = `screen ${step} (${screen.id})`;
        await onScreen(page, step);
        let action = await settled(page);
        if (screen.predict) {
          // The question is open; the figure fills once the deciding phase runs, and the panel says which key does it.
          assert.equal(action, 'reveal', at);
          assert.ok(
            (await text(page, HINT)).includes(t.classroom.lesson.nextHint.reveal),
            `${at}: the hint names the key`,
          );
          // Each in the window once the panel has settled (Playwright's toBeInViewport waits up to 5 s too).
          let inView: boolean[] = [];
          await until(
            `${at}: every choice in the window`,
            async () => (inView = await choicesInView(page)).length > 0 && inView.every(Boolean),
            5_000,
            { describe: async () => `in the window: ${JSON.stringify(inView)}; ${await choiceBoxes(page)}` },
          );
          assert.ok(inView.length >= 2 && inView.length <= 9, `${at}: ${inView.length} choices`);
          // Half the predictions are answered by a digit (the last choice), the others revealed by Page Down alone.
          if (step % 2 === 0) {
            await page.keyboard.press(String(inView.length) as KeyInput);
            const pressed = () =>
              page.$$eval(`${PANEL} button[data-choice]`, (bs) => bs.map((b) => b.getAttribute('aria-pressed')));
            await until(`${at}: the last choice pressed`, async () => (await pressed()).at(-1) === 'true', 10_000, {
              describe: async () => `aria-pressed ${JSON.stringify(await pressed())}`,
            });
            answeredByDigit++;
          } else await page.keyboard.press('PageDown');
          await until(`${at}: the answer shown`, visible(page, `${PANEL} [data-reveal]`), 30_000, live(page));
          action = await settled(page);
        }
        if (screen.phase !== null || screen.view !== 'loop')
          assert.deepEqual(await focused(page, t.status.noRun), { count: 1, empty: 'false', saysEmpty: false }, at);
        assert.equal((await page.$$(`${PANEL} .actions span`)).length, 0, `${at}: no waiting note`);
        if (screen.id === 'table5') {
          const finding = await text(page, '[data-testid="coevolution-finding"]');
          assert.ok(
            finding.includes(
              lang === 'en' ? 'shows no measurable change: +8.0 points' : '측정할 만한 변화가 없습니다(+8.0%p',
            ),
            finding,
          );
          assert.ok(!finding.includes(lang === 'en' ? 'rises' : '올라갑니다'), finding);
        }
        if (screen.id === 'level-mix') assert.ok(await visible(page, '[data-testid="level-mix-finding"]')(), at);
        if (screen.id === 'pool-contrast')
          assert.ok(await visible(page, '[data-testid="pool-contrast-finding"]')(), at);

        if (step === 7) {
          // Back never runs a phase: two screens back and forward again, the trace is unchanged.
          const records = (await trace(page)).length;
          await page.keyboard.press('PageUp');
          await page.keyboard.press('ArrowLeft');
          await onScreen(page, 5);
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowRight');
          await onScreen(page, 7);
          assert.equal((await trace(page)).length, records, 'Back ran no phase');
          action = await settled(page);
        }
        if (step === LESSON_SCREENS.length) assert.equal(action, 'none', at);
        else {
          assert.equal(action, 'next-screen', at);
          await page.keyboard.press(nextKeys[step % nextKeys.length]!);
        }
      }
      assert.equal(answeredByDigit, 2);
      // Keys typed into a field stay in the field: the lesson does not move.
      await page.focus('header input[type="number"]');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('1');
      assert.equal(await screenNumber(page), String(LESSON_SCREENS.length));
      assert.deepEqual(seen.errors, []);
      assert.deepEqual(seen.external, []);
      await page.close();
    },
  );

/** A recorded iteration played on `lang`'s page at `width`×720 (the i key), every view filled. */
async function playedIteration(
  lang: 'en' | 'ko',
  width: number,
): Promise<{ page: Page; seen: ReturnType<typeof watch> }> {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.setViewport({ width, height: 720 });
  await page.goto(`${origin}/?mode=replay&lang=${lang}`);
  await until('Step phase enabled', stepEnabled(page), 60_000, live(page));
  await page.click('[data-action="iteration"]');
  await until(
    'one recorded iteration played',
    async () =>
      (await trace(page)).length >= RECORDED_PER_ITERATION &&
      (await page.$eval('[data-action="pause"]', (b) => (b as HTMLButtonElement).disabled)),
    30_000,
    live(page),
  );
  return { page, seen };
}

/** Every row's overlaps and cut parts in the vote grid (tests/e2e/app-vote-grid.spec.ts, the same rules). */
const GRID_PROBLEMS = `(() => {
  const problems = [];
  const box = document.querySelector('[data-view="votes"] .rows').getBoundingClientRect();
  const rows = [...document.querySelectorAll('[data-view="votes"] [data-mark="label-row"]')];
  const overlap = (a, b) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  rows.forEach((row, i) => {
    // The squares as drawn (an SVG squeezed by its column still draws them all, past its box).
    const squares = [...row.querySelectorAll('rect[data-mark="vote"]')].map((r) => r.getBoundingClientRect());
    const left = Math.min(...squares.map((q) => q.left));
    const top = Math.min(...squares.map((q) => q.top));
    const votes = new DOMRect(left, top, Math.max(...squares.map((q) => q.right)) - left, Math.max(...squares.map((q) => q.bottom)) - top);
    const sEl = row.querySelector('.s');
    const s = sEl.getBoundingClientRect();
    const kept = row.querySelector('[data-mark="kept"]').getBoundingClientRect();
    if (overlap(votes, s)) problems.push('row ' + i + ': votes over the s label');
    if (kept.width > 0 && overlap(s, kept)) problems.push('row ' + i + ': s label over kept');
    if (kept.width > 0 && overlap(votes, kept)) problems.push('row ' + i + ': votes over kept');
    if (sEl.scrollWidth > sEl.clientWidth + 1) problems.push('row ' + i + ': s label cut');
    for (const part of [s, ...squares])
      if (part.right > box.right + 0.5 || part.left < box.left - 0.5) problems.push('row ' + i + ': past the box');
  });
  return { rows: rows.length, problems: [...new Set(problems)] };
})()`;

test(
  'Firefox: the vote grid in 720 px (ko): votes, s and kept never overlap or cut',
  { timeout: 120_000 },
  async () => {
    const { page, seen } = await playedIteration('ko', 720);
    await page.$eval('[data-view="votes"]', (el) => el.scrollIntoView({ block: 'center' }));
    const grid = (await page.evaluate(GRID_PROBLEMS)) as { rows: number; problems: string[] };
    assert.ok(grid.rows > 3, `${grid.rows} rows`);
    assert.deepEqual(grid.problems, []);
    assert.deepEqual(seen.errors, []);
    await page.close();
  },
);

/**
 * WCAG 2.5.3 Label in Name as the best practice reads it (app-accessibility.spec.ts, the same rule):
 * a control whose aria-label differs from its visible text starts its name with that text, as a
 * whole word; a symbol alone ("✕") is no word a speech user would say.
 */
const NAME_MISMATCHES = `[...document.querySelectorAll('[aria-label]')]
  .filter((el) => el.checkVisibility() && (el.textContent ?? '').trim() !== '')
  .filter((el) => el.matches('button, a, summary, [role="button"], [role="link"], [role="tab"]'))
  .flatMap((el) => {
    const shown = (el.textContent ?? '').replace(/\\s+/g, ' ').trim().toLowerCase();
    const name = (el.getAttribute('aria-label') ?? '').replace(/\\s+/g, ' ').trim().toLowerCase();
    const ok =
      !/[\\p{L}\\p{N}]/u.test(shown) ||
      name === shown ||
      (name.startsWith(shown) && /^[\\s:,.(—–-]/.test(name.slice(shown.length)));
    return ok ? [] : ['"' + shown + '" named "' + name + '"'];
  })
  .filter((x, i, all) => all.indexOf(x) === i)`;

test(
  'Firefox: Label in Name (ko): every control named apart from its text starts its name with it',
  {
    timeout: 120_000,
  },
  async () => {
    const { page, seen } = await playedIteration('ko', 1280);
    assert.ok((await page.$$('[data-action="figure-svg"]')).length > 10, 'the figures have their SVG buttons');
    assert.deepEqual(await page.evaluate(NAME_MISMATCHES), []);
    assert.deepEqual(seen.errors, []);
    await page.close();
  },
);
