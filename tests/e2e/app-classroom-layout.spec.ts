/**
 * The page on a projector and a phone (issue 25): the header fits (no sideways scroll, every control
 * on screen, no label past two lines, at most 15 % of the height and not growing while a phase
 * runs), links land below it, Step phase brings its figure into view, projector mode draws chart
 * text of at least 16 px, Pause says "pausing after this phase" at once, and a tool phase counts
 * its programs against a real total.
 */
import { expect, type Page, test } from '@playwright/test';
import { PHASES, type PhaseName, type PhaseRecord } from '../../src/engine/loop/trace';
import { pythonWorkerCount } from '../../src/sandbox/pool';
import { receivedTrace, severeViolations, waitForRecords, watchPage, RECORDED_PER_ITERATION } from './app-checks';

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;
const PHONE = 420;
/** The header's share of the height: 15 % on a screen; on a phone, where the controls take two rows, 20 %. */
const maxShare = (width: number) => (width <= PHONE ? 0.2 : 0.15);

/** The figure each phase fills first (the chapters of docs/algorithms.md's phases, read off the page). */
const FIGURE_OF: Record<PhaseName, string> = {
  'questioner-rollouts': 'rollouts',
  'contract-parsing': 'rollouts',
  'solver-proxy': 'uncertainty',
  'curriculum-reward': 'reward-parts',
  'questioner-update': 'grpo-groups',
  'question-pool': 'pool',
  'self-labelling': 'votes',
  curation: 'histogram',
  'executor-update': 'adpo-ratios',
  evaluation: 'curves',
};

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Lines of text the control's label takes. */
  lines: number;
}

/** Where the header and its visible controls are. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = (document.querySelector('header') as HTMLElement).getBoundingClientRect();
    const controls = [...document.querySelectorAll('header :is(button, select, input, summary, a)')]
      .filter((el) => el.checkVisibility())
      .map((el): Box => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        const px = (v: string) => parseFloat(v) || 0;
        const lineHeight = px(cs.lineHeight) || px(cs.fontSize) * 1.2;
        const inner =
          r.height - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth);
        const text = (el.getAttribute('data-action') ?? el.textContent ?? '').trim().slice(0, 30);
        return {
          name: `${el.tagName.toLowerCase()} ${text}`,
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
          lines: el.tagName === 'INPUT' ? 1 : Math.round(inner / lineHeight),
        };
      });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      innerHeight,
      headerHeight: header.height,
      headerBottom: header.bottom,
      controls,
    };
  });
}

/** Controls outside the viewport, or with a label past two lines. */
function misplaced(l: Awaited<ReturnType<typeof headerLayout>>): string[] {
  return l.controls
    .filter((c) => c.left < 0 || c.right > l.innerWidth + 0.5 || c.top < 0 || c.bottom > l.innerHeight || c.lines > 2)
    .map(
      (c) =>
        `${c.name}: x ${Math.round(c.left)}–${Math.round(c.right)}, y ${Math.round(c.top)}–${Math.round(c.bottom)}, ${c.lines} lines`,
    );
}

async function ready(page: Page, timeout = 120_000): Promise<void> {
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout });
}

/** The top of `selector` lies below the header and inside the viewport. */
async function landsBelowHeader(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((sel) => {
          const header = (document.querySelector('header') as HTMLElement).getBoundingClientRect().bottom;
          const top = (document.querySelector(sel) as HTMLElement).getBoundingClientRect().top;
          return top >= header - 1 && top < innerHeight - 40 ? 'below the header' : `top ${top}, header ends ${header}`;
        }, selector),
      { timeout: 10_000 },
    )
    .toBe('below the header');
}

for (const viewport of VIEWPORTS) {
  for (const lang of ['en', 'ko'] as const) {
    for (const mode of ['live', 'replay'] as const) {
      test(`${viewport.width}×${viewport.height}, ${lang}, ${mode}: the header fits`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(`/?lang=${lang}${mode === 'replay' ? '&mode=replay' : ''}`);
        await ready(page);
        const l = await headerLayout(page);
        expect(l.scrollWidth).toBeLessThanOrEqual(l.innerWidth);
        expect(misplaced(l)).toEqual([]);
        expect(l.headerHeight / l.innerHeight).toBeLessThanOrEqual(maxShare(viewport.width));
        // Step phase, Run, Pause and the menu are on screen on every size, the phone included.
        for (const action of ['step', 'iteration', 'run', 'pause', 'menu'])
          expect(
            l.controls.some((c) => c.name.startsWith(`${action === 'menu' ? 'summary' : 'button'} ${action}`)),
          ).toBe(true);

        // The menu's items are on screen too, and Escape closes it.
        await page.locator('[data-action="menu"]').click();
        const open = await headerLayout(page);
        expect(open.controls.length).toBeGreaterThan(l.controls.length);
        expect(misplaced(open)).toEqual([]);
        expect(open.scrollWidth).toBeLessThanOrEqual(open.innerWidth);
        await page.keyboard.press('Escape');
        await expect(page.locator('[data-testid="header-menu"]')).not.toHaveAttribute('open', '');
        await expect(page.locator('[data-action="menu"]')).toBeFocused();

        // A recorded iteration fills every figure: the page is still no wider than the screen.
        if (mode === 'replay') {
          await page.locator('[data-action="iteration"]').click();
          await waitForRecords(page, PHASES.length, 20_000);
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
            .toBeLessThanOrEqual(viewport.width);
        }
      });
    }
  }
}

test('Escape closes the menu even when pressed before the menu has heard of its own opening', async ({ page }) => {
  await page.goto('/?mode=replay');
  await ready(page);
  // The click opens the <details> at once; its `toggle` event is a later task. A key press
  // handled before that task (the browser runs input first) must still close it.
  const open = await page.evaluate(() => {
    const menu = document.querySelector('[data-testid="header-menu"]') as HTMLDetailsElement;
    (menu.querySelector('summary') as HTMLElement).click();
    const opened = menu.open;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    return { opened, afterEscape: menu.open };
  });
  expect(open).toEqual({ opened: true, afterEscape: false });
  await expect(page.locator('[data-action="menu"]')).toBeFocused();
  await expect(page.locator('[data-testid="header-menu"]')).not.toHaveAttribute('open', '');
});

for (const lang of ['en', 'ko'] as const) {
  test(`1280×720, ${lang}, live: the header keeps its height while a phase runs`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/?lang=${lang}`);
    await ready(page);
    const before = (await headerLayout(page)).headerHeight;
    await page.evaluate(() => {
      const w = window as unknown as { __heights: number[] };
      w.__heights = [];
      new ResizeObserver(() =>
        w.__heights.push((document.querySelector('header') as HTMLElement).offsetHeight),
      ).observe(document.querySelector('header') as HTMLElement);
    });
    await page.locator('[data-action="step"]').click();
    await expect(page.locator('[data-action="pause"]')).toBeEnabled();
    await ready(page, 180_000);
    const heights = await page.evaluate(() => (window as unknown as { __heights: number[] }).__heights);
    expect(new Set(heights.map((h) => Math.round(h)))).toEqual(new Set([Math.round(before)]));
  });
}

for (const viewport of [VIEWPORTS[0], VIEWPORTS[3]]) {
  for (const lang of ['en', 'ko'] as const) {
    test(`${viewport.width}×${viewport.height}, ${lang}: contents links land their headings below the header`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/?lang=${lang}&mode=replay`);
      await ready(page);
      const ids = await page.locator('nav a[href^="#ch-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(ids).toHaveLength(8);
      for (const href of ids) {
        await page.locator(`nav a[href="${href}"]`).click();
        await landsBelowHeader(page, `${href}-title`);
      }
      // The contents say which phases each chapter explains, and why their order differs from the strip.
      await expect(page.locator('nav a[href="#ch-grpo"]')).toContainText(lang === 'en' ? '(phase 5)' : '(5단계)');
      await expect(page.locator('nav a[href="#ch-labelling"]')).toContainText(
        lang === 'en' ? '(phases 6–8)' : '(6–8단계)',
      );
      await expect(page.locator('[data-testid="contents-order"]')).toContainText(lang === 'en' ? 'phase 5' : '5단계');
    });
  }
}

test('a compare-story link lands the compare view below the header', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?mode=replay&compare=released');
  await ready(page);
  const link = page.locator('[data-testid="released-story"] a[href="#compare-view"]').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await landsBelowHeader(page, '#compare-view');
});

for (const [viewport, lang] of [
  [VIEWPORTS[0], 'en'],
  [VIEWPORTS[1], 'ko'],
  [VIEWPORTS[2], 'en'],
  [VIEWPORTS[3], 'ko'],
] as const) {
  test(`${viewport.width}×${viewport.height}, ${lang}: Step phase brings the figure of that phase into view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/?lang=${lang}&mode=replay`);
    await ready(page);
    // Every record of the first iteration (phases 1–5 once per curriculum step).
    for (let i = 0; i < RECORDED_PER_ITERATION; i++) {
      await ready(page);
      await page.locator('[data-action="step"]').click();
      await waitForRecords(page, i + 1, 10_000);
      const phase = (await receivedTrace(page))[i]?.phase as PhaseName;
      await landsBelowHeader(page, `figure[data-view="${FIGURE_OF[phase]}"]`);
    }
  });
}

test('Follow the phase can be turned off, and stays off in this browser', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?mode=replay');
  await ready(page);
  await page.locator('[data-action="menu"]').click();
  await page.locator('[data-action="follow-phase"]').uncheck();
  await page.keyboard.press('Escape');
  await page.locator('[data-action="step"]').click();
  await waitForRecords(page, 1, 10_000);
  await ready(page);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await page.reload();
  await ready(page);
  await expect(page.locator('[data-action="follow-phase"]')).not.toBeChecked();
  await page.locator('[data-action="menu"]').click();
  await page.locator('[data-action="follow-phase"]').check();
  await page.keyboard.press('Escape');
  await page.locator('[data-action="step"]').click();
  await landsBelowHeader(page, 'figure[data-view="rollouts"]');
});

test('390×844: the phase strip scrolls itself to keep the phase to run next in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?mode=replay');
  await ready(page);
  const strip = page.locator('ol.strip');
  expect(await strip.evaluate((s) => s.scrollWidth > s.clientWidth)).toBe(true);
  const nextInSight = () =>
    strip.evaluate((s) => {
      const next = s.querySelector('li.next');
      if (!next) return false;
      const [a, b] = [s.getBoundingClientRect(), next.getBoundingClientRect()];
      return b.left >= a.left - 1 && b.right <= a.right + 1;
    });
  for (let i = 0; i < PHASES.length; i++) {
    await page.locator('[data-action="step"]').click();
    await waitForRecords(page, i + 1, 10_000);
    await ready(page);
    await expect.poll(nextInSight).toBe(true);
  }
});

test('Follow the phase glides after a step and jumps while phases run back to back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // The scrolls the page asks for, with how: the behaviour is the browser's to carry out.
  await page.addInitScript(() => {
    const asked: string[] = [];
    (window as unknown as { __follows: string[] }).__follows = asked;
    const scroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      if (this.matches('figure[data-view]') && typeof arg === 'object') asked.push(arg.behavior ?? 'auto');
      scroll.call(this, arg);
    };
  });
  const follows = () => page.evaluate(() => (window as unknown as { __follows: string[] }).__follows);
  await page.goto('/?mode=replay');
  await ready(page);
  await page.locator('[data-action="step"]').click();
  await waitForRecords(page, 1, 10_000);
  await expect.poll(follows).toEqual(['smooth']);
  await ready(page);
  await page.locator('[data-action="iteration"]').click();
  await waitForRecords(page, RECORDED_PER_ITERATION, 20_000);
  await ready(page);
  await expect.poll(async () => (await follows()).length).toBe(RECORDED_PER_ITERATION);
  expect((await follows()).slice(1)).toEqual(Array(RECORDED_PER_ITERATION - 1).fill('instant'));
  // A reader who asks for reduced motion gets no glide after a step either.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.locator('[data-action="step"]').click();
  await waitForRecords(page, RECORDED_PER_ITERATION + 1, 10_000);
  await expect.poll(async () => (await follows()).at(-1)).toBe('instant');
  await expect.poll(async () => (await follows()).length).toBe(RECORDED_PER_ITERATION + 1);
});

test('projector mode: white page, charts drawn 1.4× or more with text of at least 16 px at 1920×1080, set in the address', async ({
  page,
}) => {
  const seen = watchPage(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?mode=replay&projector=1');
  await ready(page);
  await page.locator('[data-action="iteration"]').click();
  await waitForRecords(page, PHASES.length, 20_000);
  await expect(page.locator('html')).toHaveClass(/projector/);
  const look = await page.evaluate(() => {
    const texts = [...document.querySelectorAll('figure[data-view] svg text')].filter((t) => t.checkVisibility());
    // The size drawn on screen: the computed size times the SVG's scale.
    const sizes = texts.map((t) => {
      const fs = parseFloat(getComputedStyle(t).fontSize);
      const m = (t as SVGGraphicsElement).getScreenCTM();
      return { fs, drawn: fs * (m ? Math.hypot(m.a, m.b) : 1), view: t.closest('figure')?.getAttribute('data-view') };
    });
    // Charts use the width: each drawn at least 1.4× its own size (its viewBox), none past its figure.
    const charts = [...document.querySelectorAll('figure[data-view] svg[viewBox]')]
      .filter((s) => s.checkVisibility())
      .map((s) => {
        const svg = s as SVGSVGElement;
        const box = svg.getBoundingClientRect();
        const frame = (svg.closest('figure') as HTMLElement).getBoundingClientRect();
        return {
          view: svg.closest('figure')?.getAttribute('data-view'),
          scale: box.width / svg.viewBox.baseVal.width,
          inside: box.right <= frame.right + 1,
        };
      });
    return {
      count: sizes.length,
      small: sizes.filter((s) => s.drawn < 15.9).map((s) => `${s.view}: ${s.fs}px drawn ${s.drawn}`),
      charts: charts.length,
      notScaled: charts.filter((c) => c.scale < 1.4).map((c) => `${c.view}: ${c.scale.toFixed(2)}×`),
      outside: charts.filter((c) => !c.inside).map((c) => c.view),
      scrollWidth: document.documentElement.scrollWidth,
      background: getComputedStyle(document.body).backgroundColor,
      color: getComputedStyle(document.body).color,
      mainWidth: (document.querySelector('main') as HTMLElement).getBoundingClientRect().width,
    };
  });
  expect(look.count).toBeGreaterThan(100);
  expect(look.small).toEqual([]);
  expect(look.charts).toBeGreaterThan(20);
  expect(look.notScaled).toEqual([]);
  expect(look.outside).toEqual([]);
  expect(look.scrollWidth).toBeLessThanOrEqual(1920);
  expect(look.background).toBe('rgb(255, 255, 255)');
  expect(look.color).toBe('rgb(0, 0, 0)');
  expect(look.mainWidth).toBeGreaterThan(0.95 * 1920);
  if (process.env.UPDATE_SCREENSHOT) {
    await page.evaluate(() => document.getElementById('ch-reward')?.scrollIntoView());
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: 'docs/projector.png' });
  }
  expect(await severeViolations(page)).toEqual([]);

  // The toggle in the menu turns it off and on, and the address follows.
  await page.locator('[data-action="menu"]').click();
  await page.locator('[data-action="projector"]').uncheck();
  await expect(page).not.toHaveURL(/projector/);
  await expect(page.locator('html')).not.toHaveClass(/projector/);
  const plain = await page
    .locator('figure[data-view="curves"] svg text')
    .first()
    .evaluate((t) => getComputedStyle(t).fontSize);
  expect(plain).toBe('12px');
  await page.locator('[data-action="projector"]').check();
  await expect(page).toHaveURL(/projector=1/);
  expect(seen.errors).toEqual([]);
});

for (const lang of ['en', 'ko'] as const) {
  test(`?projector=yes is refused with a message (${lang}) and the page stays as it is`, async ({ page }) => {
    await page.goto(`/?mode=replay&projector=yes&lang=${lang}`);
    await ready(page);
    await expect(page.locator('.problems')).toContainText(
      lang === 'en' ? 'projector "yes" is not one of 1, 0' : '프로젝터 "yes"는 1, 0 중 하나가 아니어서',
    );
    await expect(page.locator('html')).not.toHaveClass(/projector/);
  });
}

test('live, Space: "pausing after this phase" at once, then the run stops after that phase', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await ready(page);
  await page.locator('[data-action="run"]').click();
  await expect(page.locator('[data-action="pause"]')).toBeEnabled();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const asked = await page.evaluate(() => performance.now());
  await page.keyboard.press(' ');
  await expect(page.locator('[data-testid="status"]')).toHaveText('Pausing after this phase…', { timeout: 1000 });
  const said = await page.evaluate(() => performance.now());
  expect(said - asked).toBeLessThan(1000);
  await ready(page, 180_000);
  await expect(page.locator('[data-testid="status"]')).toHaveText('Ready');
  expect((await receivedTrace(page)).length).toBeLessThan(PHASES.length);
});

test('recorded, 한국어, a pace of 5 s between phases: Space stops the countdown at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?mode=replay&lang=ko');
  await ready(page);
  await page.locator('[data-action="pace"]').selectOption('delay-5');
  await page.locator('[data-action="run"]').click();
  await page.waitForFunction(() => (window.__agent0Trace?.length ?? 0) >= 1);
  await expect(page.locator('[data-testid="status"]')).toContainText('초 뒤 다음 단계');
  await expect(page.locator('[data-action="step"]')).toBeDisabled();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(' ');
  await expect(page.locator('[data-testid="status"]')).toHaveText('준비됨', { timeout: 1000 });
  await expect(page.locator('[data-action="step"]')).toBeEnabled();
  expect((await receivedTrace(page)).length).toBe(1);
  // The pace is kept in this browser.
  await page.reload();
  await ready(page);
  await expect(page.locator('[data-action="pace"]')).toHaveValue('delay-5');
});

test('recorded, pause after each phase: Run plays one phase and holds, Run goes on', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?mode=replay');
  await ready(page);
  await page.locator('[data-action="pace"]').selectOption('each-phase');
  await page.locator('header input[type="number"]').fill('1');
  for (let n = 1; n <= 4; n++) {
    // Run starts it and goes on; so do Space and a presenter remote's forward (Page Down), with no button focused.
    if (n <= 2) await page.locator('[data-action="run"]').click();
    else {
      await page.locator('h1').click();
      await page.keyboard.press(n === 3 ? 'Space' : 'PageDown');
    }
    await page.waitForFunction((count) => (window.__agent0Trace?.length ?? 0) >= count, n);
    await expect(page.locator('[data-testid="status"]')).toHaveText(
      'Paused after the phase: Space or Run goes on (until iteration 1 is done)',
    );
    expect((await receivedTrace(page)).length).toBe(n);
  }
  // Pause ends the held run: the page is ready, and Run starts a new one.
  await page.locator('[data-action="pause"]').click();
  await expect(page.locator('[data-testid="status"]')).toHaveText('Ready');
  await expect(page.locator('[data-action="pause"]')).toBeDisabled();
});

test('live: Python starts while the page loads, not in the first phase; a phase counts sequences stopped, programs run of programs written, update steps', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Pyodide's runtime, as the sandbox worker asks for it (the page's own requests and its workers').
  const pyodideRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/pyodide.asm.wasm')) pyodideRequests.push(r.url());
  });
  await page.goto('/');
  await ready(page);
  // Python starts while the page loads and may finish after Ready; the loading bar names it until
  // each of its runtimes (one per core, at most two) has started, and each was fetched meanwhile.
  await expect(page.locator('[data-testid="loading"]')).toHaveCount(0, { timeout: 300_000 });
  const runtimes = pythonWorkerCount(await page.evaluate(() => navigator.hardwareConcurrency));
  expect(pyodideRequests).toHaveLength(runtimes);
  // Every progress label, with how many phases had finished when it showed.
  await page.evaluate(() => {
    const w = window as unknown as {
      __labels: { phases: number; text: string; at: number }[];
      __python: number[];
    };
    w.__labels = [];
    w.__python = [];
    new MutationObserver(() => {
      const phases = window.__agent0Trace?.length ?? 0;
      const label = document.querySelector('[data-testid="progress"]')?.textContent;
      if (label && w.__labels.at(-1)?.text !== label) w.__labels.push({ phases, text: label, at: performance.now() });
      if (document.querySelector('[data-testid="python-starting"]')) w.__python.push(phases);
    }).observe(document.querySelector('header') as HTMLElement, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  // Questioner rollouts, contract parsing, solver proxy, curriculum reward, questioner update.
  for (let i = 0; i < 5; i++) {
    await ready(page, 300_000);
    await page.locator('[data-action="step"]').click();
    await waitForRecords(page, i + 1, 300_000);
  }
  const { labels, python } = await page.evaluate(() => {
    const w = window as unknown as { __labels: { phases: number; text: string; at: number }[]; __python: number[] };
    return { labels: w.__labels, python: w.__python };
  });
  // So no phase waited for Python to start (the page says so when it has to: a call made before
  // it has started, app-ready.spec.ts, or after its start while loading failed).
  expect(python).toEqual([]);
  expect(pyodideRequests).toHaveLength(runtimes);
  const counts = (pattern: RegExp, phases: number) =>
    labels
      .filter((l) => l.phases === phases)
      .flatMap((l) => {
        const m = pattern.exec(l.text);
        return m ? [{ done: Number(m[1]), total: Number(m[2]) }] : [];
      });
  const writing = /^writing: (\d+) of (\d+) sequences stopped in this turn$/;
  // Every label of the run is one of the three kinds, each with a real denominator.
  const kinds = [writing, /^programs run: (\d+) of (\d+) written so far$/, /^update steps: (\d+) of (\d+)$/];
  expect(labels.filter((l) => !kinds.some((k) => k.test(l.text)))).toEqual([]);
  // The worker sends a count at once only when its last one is a throttle interval old (250 ms),
  // update steps aside; otherwise the latest count one interval after the last. So the labels of a
  // phase spanning t ms number at most 1 + t / 250, plus one for a delivery late by up to 250 ms.
  const steps = /^update steps: /;
  for (let phase = 0; phase < 5; phase++) {
    const shown = labels.filter((l) => l.phases === phase && !steps.test(l.text));
    if (shown.length === 0) continue;
    const span = (shown.at(-1) as { at: number }).at - (shown[0] as { at: number }).at;
    expect(shown.length, `phase ${phase + 1}: ${shown.length} labels in ${span.toFixed(0)} ms`).toBeLessThanOrEqual(
      2 + span / 250,
    );
  }
  // The questioner's first turn is 8 prompts × 4 rollouts (the classroom preset), after the base
  // model's held-out evaluation, which writes too before the first record: every count is of a
  // real turn.
  const first = counts(writing, 0);
  expect(first.length).toBeGreaterThan(0);
  expect(first.every((p) => p.done <= p.total)).toBe(true);
  // The questioner's update: 4 mini-batch updates (updatesPerStep), counted from 0, every one shown.
  expect(counts(/^update steps: (\d+) of (\d+)$/, 4)).toEqual([0, 1, 2, 3, 4].map((done) => ({ done, total: 4 })));
  // The first step also evaluates the base model on the held-out set (about a second in Node with
  // the questioner's rollouts): its first count at once, later ones as it goes. The solver proxy
  // shows its counts too: it runs about half a second in Node, twice the interval.
  expect(labels.filter((l) => l.phases === 0).length).toBeGreaterThan(1);
  expect(labels.filter((l) => l.phases === 2).length).toBeGreaterThan(0);
  const proxy = counts(/^programs run: (\d+) of (\d+) written so far$/, 2);
  expect(proxy.every((p) => p.total > 0 && p.done <= p.total)).toBe(true);
  const record = (await receivedTrace(page))[2] as Extract<PhaseRecord, { phase: 'solver-proxy' }>;
  expect(record.phase).toBe('solver-proxy');
  const perCandidate = record.results.flatMap((r) => r.toolCalls);
  const calls = perCandidate.reduce((a, b) => a + b, 0);
  expect(calls).toBeGreaterThan(0);
  // Programs written so far never exceed those the record counts plus one per candidate: a program
  // whose output no longer fits the context ran but ends its rollout uncounted, at most once per
  // candidate.
  expect(proxy.every((p) => p.total <= calls + perCandidate.length)).toBe(true);
});
