/**
 * The figures a class sees (issue 25 item 8, issue 26 item 2), on the shipped recordings:
 * - every printed formula's result equals its own printed terms, recomputed here by hand, under
 *   ADPO (the classroom recording) and under GRPO (the "as released" recording), where the ADPO
 *   figure shows GRPO's update instead of g(s) and ε_high(s);
 * - the g(s)/ε_high(s) chart has a legend and each axis is titled with its own curve;
 * - the loop's step counts, the gate's reason, the group chart's names and A ticks, and the note
 *   on a flat Curves panel say what the run did;
 * - a figure goes full screen and Escape brings it back (the API, and the overlay without it);
 * - a figure exports as SVG (opened in a new page: every mark and text of the figure, its title and
 *   legend, in English and Korean) and as PNG at twice its size; axe finds nothing serious.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { asRecordedRun } from '../../src/engine/files/recording';
import { axeOf, RECORDED_PER_ITERATION, receivedTrace, waitForRecords, watchPage } from './app-checks';

const CLASSROOM = 'public/runs/classroom-seed1.json';
const AS_RELEASED = 'public/runs/compare-as-released.json';

test.use({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });

/** Serve `file` (or `body`) as the recorded run and open the page in replay mode. */
async function openRecording(page: Page, file: string, query = '', body?: string): Promise<void> {
  await page.route('**/runs/classroom-seed1.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: body ?? readFileSync(file, 'utf8') }),
  );
  await page.goto(`/?mode=replay${query}`);
}

/** Step `count` phases with the s key, each waited for. */
async function stepPhases(page: Page, count: number): Promise<void> {
  const start = (await receivedTrace(page)).length;
  for (let i = 0; i < count; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
    await page.keyboard.press('s');
    await waitForRecords(page, start + i + 1, 30_000);
  }
}

/** TeX with every \htmlData{term=…}{BODY} replaced by BODY (braces matched). */
function stripTerms(tex: string): string {
  const open = '\\htmlData{';
  let out = tex;
  for (let at = out.indexOf(open); at >= 0; at = out.indexOf(open)) {
    const nameEnd = out.indexOf('}', at);
    let depth = 0;
    let end = nameEnd + 1;
    for (; end < out.length; end++) {
      if (out[end] === '{') depth++;
      if (out[end] === '}' && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(nameEnd + 2, end) + out.slice(end + 1);
  }
  return out;
}

const decimals = (s: string) => (s.split('.')[1] ?? '').length;
const half = (s: string) => 0.5 * 10 ** -decimals(s);

/**
 * Whether the printed `result` can be the value of `f` at the printed `terms`: f is evaluated at
 * every corner of the box each printed term's rounding allows (f is monotone in each term), and
 * the printed result, within its own rounding, must meet that range.
 */
function consistent(f: (...xs: number[]) => number, terms: string[], result: string): boolean {
  const values: number[] = [];
  for (let corner = 0; corner < 2 ** terms.length; corner++) {
    const xs = terms.map((t, i) => Number(t) + ((corner >> i) & 1 ? half(t) : -half(t)));
    values.push(f(...xs));
  }
  const r = Number(result);
  return r + half(result) + 1e-9 >= Math.min(...values) && r - half(result) - 1e-9 <= Math.max(...values);
}

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Each kind of formula with a printed result: how to read its terms and recompute it. */
const FORMULAS: { kind: string; re: RegExp; f: (...xs: number[]) => number }[] = [
  { kind: 'U-min', re: new RegExp(`\\\\min\\(${NUM},\\\\ ${NUM}\\) = ${NUM}`), f: (a, b) => Math.min(a, b) },
  { kind: 'U-paper', re: new RegExp(`1 - 2\\\\,\\|${NUM} - 0\\.5\\| = ${NUM}`), f: (p) => 1 - 2 * Math.abs(p - 0.5) },
  { kind: 'score', re: new RegExp(`\\\\frac\\{${NUM}\\}\\{${NUM}\\} = ${NUM}`), f: (a, b) => a / b },
  {
    kind: 'reward',
    re: new RegExp(`= ${NUM} - ${NUM} ([+-]) ${NUM} = ${NUM}`),
    f: () => Number.NaN, // read below (the sign is a term)
  },
  {
    kind: 'grpo',
    re: new RegExp(`\\\\frac\\{${NUM} - \\(${NUM}\\)\\}\\{${NUM} \\+ 10\\^\\{-6\\}\\} = ${NUM}`),
    f: (r, mu, sd) => (r - mu) / (sd + 1e-6),
  },
  {
    kind: 'adpo-g',
    re: new RegExp(
      `g\\(s\\) &= ${NUM} \\+ ${NUM}\\\\cdot\\\\operatorname\\{clamp\\}\\\\!\\\\big\\(\\\\tfrac\\{${NUM} - ${NUM}\\}\\{${NUM}\\},0,1\\\\big\\) = ${NUM}`,
    ),
    f: (m, span, s, lo, w) => m + span * clamp01((s - lo) / w),
  },
  {
    kind: 'adpo-eps',
    re: new RegExp(
      `\\\\varepsilon_\\{high\\}\\(s\\) &= ${NUM} \\+ ${NUM}\\\\cdot\\\\operatorname\\{clamp\\}\\\\!\\\\big\\(\\\\tfrac\\{${NUM} - ${NUM}\\}\\{${NUM}\\},0,1\\\\big\\) = ${NUM}`,
    ),
    f: (e, span, top, s, w) => e + span * clamp01((top - s) / w),
  },
  { kind: 'adpo-advantage', re: new RegExp(`= ${NUM} \\\\cdot ${NUM} = ${NUM}`), f: (g, a) => g * a },
];

/** Every formula on the page with a printed result, checked against its terms; the kinds seen. */
async function checkFormulas(page: Page): Promise<Map<string, number>> {
  const texts = await page.locator('[data-mark="formula"] annotation').allTextContents();
  const seen = new Map<string, number>();
  for (const raw of texts) {
    const tex = stripTerms(raw);
    for (const { kind, re, f } of FORMULAS) {
      const m = tex.match(re);
      if (!m) continue;
      const nums = m.slice(1);
      if (kind === 'reward') {
        const [u, pen, sign, tool, total] = nums as [string, string, string, string, string];
        const t = sign === '-' ? `-${tool}` : tool;
        expect(
          consistent((a, b, c) => a - b + c, [u, pen, t], total),
          `${kind}: ${tex}`,
        ).toBe(true);
      } else {
        const result = nums.at(-1) as string;
        expect(consistent(f, nums.slice(0, -1), result), `${kind}: ${tex}`).toBe(true);
      }
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    }
  }
  return seen;
}

test('under ADPO every printed formula equals its terms, for each question of the g(s) chart', async ({ page }) => {
  const seen = watchPage(page);
  await openRecording(page, CLASSROOM);
  await stepPhases(page, RECORDED_PER_ITERATION - 1); // to the executor update
  expect((await receivedTrace(page)).at(-1)?.phase).toBe('executor-update');
  const kinds = await checkFormulas(page);
  for (const k of ['U-min', 'score', 'reward', 'grpo', 'adpo-g', 'adpo-eps', 'adpo-advantage'])
    expect(kinds.get(k), k).toBeGreaterThan(0);

  // Each question's formula: the printed s is the mark's, and the printed results are the marks' values.
  const figure = page.locator('[data-view="adpo-curves"]');
  const points = figure.locator('[data-mark="g-point"]');
  const count = await points.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const point = points.nth(i);
    await point.focus();
    const s = Number(await point.getAttribute('data-s'));
    const g = Number(await point.getAttribute('data-value'));
    const tex = stripTerms((await figure.locator('[data-mark="formula"] annotation').textContent()) ?? '');
    const gm = tex.match(FORMULAS.find((x) => x.kind === 'adpo-g')?.re as RegExp);
    expect(gm, tex).not.toBeNull();
    const [m, span, ps, lo, w, result] = (gm as RegExpMatchArray).slice(1) as string[];
    expect(Number(ps)).toBeCloseTo(s, 4);
    expect(Number(result)).toBeCloseTo(g, 3);
    const adpoG = FORMULAS.find((x) => x.kind === 'adpo-g')?.f as (...xs: number[]) => number;
    expect(consistent(adpoG, [m!, span!, ps!, lo!, w!], result!)).toBe(true);
  }
  expect(seen.errors).toEqual([]);
});

test('under GRPO the figure shows GRPO’s update and every printed formula equals its terms; the gate says why p is 0', async ({
  page,
}) => {
  const run = asRecordedRun(JSON.parse(readFileSync(AS_RELEASED, 'utf8')));
  expect(run.config.executor.algorithm).toBe('grpo');
  expect(run.config.proxy.gate).toBe(true);
  const seen = watchPage(page);
  await openRecording(page, AS_RELEASED);
  await stepPhases(page, RECORDED_PER_ITERATION - 1); // to the executor update
  const kinds = await checkFormulas(page);
  for (const k of ['U-min', 'score', 'reward', 'grpo']) expect(kinds.get(k), k).toBeGreaterThan(0);
  for (const k of ['adpo-g', 'adpo-eps', 'adpo-advantage']) expect(kinds.get(k), k).toBeUndefined();
  await expect(page.locator('[data-view="adpo-curves"] [data-mark="executor-grpo"]')).toContainText('GRPO');

  // The gate's reason on each gated transcript, from the record: which of its two tests failed.
  const trace = await receivedTrace(page);
  const proxy = trace.findLast((r) => r.phase === 'solver-proxy') as Extract<PhaseRecord, { phase: 'solver-proxy' }>;
  const minP = run.config.proxy.gateMinP;
  const ps = page.locator('[data-view="transcripts"] [data-mark="transcript-p"]');
  await expect(ps).toHaveCount(proxy.results.length);
  let gated = 0;
  for (const [i, r] of proxy.results.entries()) {
    const text = (await ps.nth(i).textContent()) ?? '';
    await expect(ps.nth(i)).toHaveAttribute('data-gated', r.gated ? '1' : '0');
    if (!r.gated) {
      expect(text).not.toContain('gate');
      continue;
    }
    gated++;
    expect(text).toContain('→ 0: the gate');
    expect(text.includes('majority ≠ questioner’s answer')).toBe(!r.agrees);
    expect(text.includes(`p ≤ ${minP}`)).toBe(!(r.rawP > minP));
  }
  expect(gated).toBeGreaterThan(0);
  expect(seen.errors).toEqual([]);
});

test('live with executor.algorithm=grpo (tiny preset, gate on): GRPO’s update, and every formula equals its terms', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny&set=executor.algorithm=grpo&set=proxy.gate=true');
  for (let i = 0; i < 9; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 240_000 });
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 240_000);
  }
  expect((await receivedTrace(page)).at(-1)?.phase).toBe('executor-update');
  const kinds = await checkFormulas(page);
  for (const k of ['U-min', 'score', 'reward', 'grpo']) expect(kinds.get(k), k).toBeGreaterThan(0);
  for (const k of ['adpo-g', 'adpo-eps', 'adpo-advantage']) expect(kinds.get(k), k).toBeUndefined();
  await expect(page.locator('[data-view="adpo-curves"] [data-mark="executor-grpo"]')).toContainText('GRPO');
  await expect(page.locator('[data-view="adpo-curves"] [data-mark="g-point"]')).toHaveCount(0);
  expect(seen.errors).toEqual([]);
});

test('the figures name what they show: g/ε_high legend and axes, loop counts, group names and A ticks', async ({
  page,
}) => {
  const run = asRecordedRun(JSON.parse(readFileSync(CLASSROOM, 'utf8')));
  await openRecording(page, CLASSROOM);
  await stepPhases(page, RECORDED_PER_ITERATION - 1); // to the executor update
  const chart = page.locator('[data-view="adpo-curves"] [data-figure-body] svg').first();

  // The legend: one entry per curve, drawn with the curve's own stroke and dashes.
  for (const [series, curve, label] of [
    ['g', 'g-curve', 'g(s): scale of the advantage'],
    ['eps', 'eps-curve', 'ε_high(s): upper clip'],
  ] as const) {
    const entry = chart.locator(`[data-mark="legend-item"][data-series="${series}"]`);
    await expect(entry).toContainText(label);
    const sample = entry.locator('line');
    const path = chart.locator(`[data-mark="${curve}"]`);
    expect(await sample.getAttribute('stroke')).toBe(await path.getAttribute('stroke'));
    expect(await sample.getAttribute('stroke-dasharray')).toBe(await path.getAttribute('stroke-dasharray'));
  }
  await expect(chart.locator('[data-mark="legend-item"]')).toHaveCount(5);

  // Each axis title names its own curve and sits beside its own axis: g on the left, ε_high on the right.
  const box = async (l: Locator) => (await l.boundingBox()) as { x: number; y: number; width: number; height: number };
  const plot = await box(chart.locator('[data-mark="g-curve"]'));
  const gTitle = chart.locator('[data-mark="axis-title"][data-axis="g"]');
  const eTitle = chart.locator('[data-mark="axis-title"][data-axis="eps"]');
  await expect(gTitle).toHaveText('g(s)');
  await expect(eTitle).toHaveText('ε_high(s)');
  expect((await box(gTitle)).x + (await box(gTitle)).width).toBeLessThan(plot.x);
  expect((await box(eTitle)).x).toBeGreaterThan(plot.x + plot.width);
  expect(await gTitle.locator('line').getAttribute('stroke')).toBe(
    await chart.locator('[data-mark="g-curve"]').getAttribute('stroke'),
  );
  expect(await eTitle.locator('line').getAttribute('stroke-dasharray')).toBe(
    await chart.locator('[data-mark="eps-curve"]').getAttribute('stroke-dasharray'),
  );

  // The loop's counts say what repeats: the run's questioner.steps and executor.steps.
  const q = page.locator('[data-mark="loop-steps"][data-role="questioner"]');
  await expect(q).toHaveAttribute('data-steps', String(run.config.questioner.steps));
  await expect(q).toHaveText(
    `questioner: phases 1–5 run ${run.config.questioner.steps === 1 ? 'once' : `${run.config.questioner.steps} times`} per iteration`,
  );
  await expect(page.locator('[data-mark="loop-steps"][data-role="executor"]')).toContainText('executor: phase 9 run');

  // The executor's group chart: a name under every group, and ticks on the A axis through 0.
  const record = (await receivedTrace(page)).at(-1) as Extract<PhaseRecord, { phase: 'executor-update' }>;
  const groups = record.stats?.groups ?? [];
  const chartG = page.locator('[data-view="executor-groups"]');
  const names = await chartG.locator('[data-mark="group-name"]').allTextContents();
  expect(names).toEqual(groups.map((g) => `group ${g.id}`));
  const ticks = await chartG
    .locator('[data-mark="a-tick"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(ticks).toContain(0);
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  const maxA = Math.max(0.5, ...groups.flatMap((g) => g.advantages.map(Math.abs)));
  for (const tk of ticks) expect(Math.abs(tk)).toBeLessThanOrEqual(maxA);
  await expect(chartG.locator('[data-mark="axis-title"][data-axis="A"]')).toHaveText('A (advantage)');
});

test('a flat Curves panel says why it is flat, and only a flat one', async ({ page }) => {
  const file = JSON.parse(readFileSync(CLASSROOM, 'utf8')) as { summaries: Record<string, number>[] };
  // The recording with no high clip in any iteration: that panel is flat at 0.
  for (const s of file.summaries) s.clipHighFrac = 0;
  await openRecording(page, CLASSROOM, '', JSON.stringify(file));
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
  await page.keyboard.press('i');
  await waitForRecords(page, RECORDED_PER_ITERATION, 60_000);
  await page.keyboard.press('i');
  await waitForRecords(page, 2 * RECORDED_PER_ITERATION, 60_000);
  const note = page.locator('[data-view="curves"] [data-mark="flat-note"][data-metric="clipHighFrac"]');
  await expect(note).toHaveText(
    'Flat: 0 in every iteration. No trained token was clipped at the high edge (ρ > 1 + ε_high where A > 0).',
  );
  // Every other panel has a note exactly when its two values are equal (by hand from the file), as
  // the page counts equal: within 1e-12, so that one rate summed in two orders (0.8374999999999999
  // and 0.8375 in the shipped recording's hard accuracy) is one value.
  const [a, b] = file.summaries as [Record<string, number>, Record<string, number>];
  const flat = Object.keys(a).filter(
    (k) => k !== 'iteration' && k !== 'seconds' && Math.abs((a[k] as number) - (b[k] as number)) < 1e-12,
  );
  const noted = await page
    .locator('[data-view="curves"] [data-mark="flat-note"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')));
  expect(noted.sort()).toEqual(flat.sort());
});

test('a figure goes full screen, fills it, and Escape brings it back; without the API, as an overlay', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openRecording(page, CLASSROOM);
  await stepPhases(page, RECORDED_PER_ITERATION - 1); // to the executor update
  const figure = page.locator('[data-view="adpo-curves"]');
  const svg = figure.locator('[data-figure-body] svg').first();
  await figure.scrollIntoViewIfNeeded();
  const before = (await svg.boundingBox())?.width ?? 0;
  const button = figure.locator('[data-action="figure-full"]');
  await expect(button).toHaveAccessibleName('Full screen');
  await button.click();
  await expect(figure).toHaveAttribute('data-full', 'fullscreen');
  expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('data-view'))).toBe('adpo-curves');
  await expect(button).toHaveAccessibleName('Exit full screen (Esc)');
  // The chart grows to use the screen: at least 1.5× its width on the page.
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.5);
  await page.keyboard.press('Escape');
  await expect(figure).not.toHaveAttribute('data-full');
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeCloseTo(before, 0);

  // No Fullscreen API: a fixed overlay over the whole viewport, and Escape again.
  await page.evaluate(() => Object.defineProperty(document, 'fullscreenEnabled', { get: () => false }));
  await button.click();
  await expect(figure).toHaveAttribute('data-full', 'overlay');
  const cover = (await figure.boundingBox()) as { x: number; y: number; width: number; height: number };
  expect([cover.x, cover.y]).toEqual([0, 0]);
  // The whole viewport, less a scroll bar's width at most.
  expect(cover.width).toBeGreaterThan(1900);
  expect(cover.height).toBeGreaterThan(1060);
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.5);
  await page.keyboard.press('Escape');
  await expect(figure).not.toHaveAttribute('data-full');
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeCloseTo(before, 0);
});

/** Marks and texts of a figure's drawn SVGs (not KaTeX's, not a button's): counts by tag, and the texts. */
async function drawnMarks(figure: Locator): Promise<{ counts: Record<string, number>; texts: string[] }> {
  return figure.evaluate((f) => {
    const svgs = [...f.querySelectorAll('[data-figure-body] svg')].filter(
      (s) => !s.closest('.katex, button') && !s.parentElement?.closest('svg'),
    );
    const counts: Record<string, number> = {};
    const texts: string[] = [];
    for (const s of svgs)
      for (const el of s.querySelectorAll('circle, rect, path, line, text, polygon, polyline, ellipse')) {
        if (getComputedStyle(el).display === 'none') continue;
        counts[el.tagName] = (counts[el.tagName] ?? 0) + 1;
        if (el.tagName === 'text') texts.push(el.textContent ?? '');
      }
    return { counts, texts };
  });
}

/** Save the figure's export in `format`; the file's name and bytes. */
async function save(page: Page, figure: Locator, format: 'svg' | 'png'): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    figure.locator(`[data-action="figure-${format}"]`).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Open an exported SVG file in a new page of the same browser: its marks, texts and size as drawn. */
async function openSvg(page: Page, bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'agent0-svg-'));
  const file = join(dir, 'figure.svg');
  writeFileSync(file, bytes);
  const viewer = await page.context().newPage();
  await viewer.goto(`file://${file}`);
  const drawn = await viewer.evaluate(() => {
    const root = document.documentElement as unknown as SVGSVGElement;
    const width = Number(root.getAttribute('width'));
    const height = Number(root.getAttribute('height'));
    const counts: Record<string, number> = {};
    const texts: string[] = [];
    let outside = 0;
    for (const el of root.querySelectorAll('circle, rect, path, line, text, polygon, polyline, ellipse')) {
      counts[el.tagName] = (counts[el.tagName] ?? 0) + 1;
      if (el.tagName === 'text') texts.push(el.textContent ?? '');
      const r = el.getBoundingClientRect();
      if (r.right < 0 || r.bottom < 0 || r.left > width || r.top > height) outside++;
    }
    const extra = (what: string) => root.querySelectorAll(`[data-export="${what}"]`).length;
    return {
      root: root.tagName,
      width,
      height,
      counts,
      texts,
      outside,
      title: root.querySelector('[data-export="title"]')?.textContent ?? null,
      added: { background: extra('background'), title: extra('title'), swatches: extra('legend-swatch') },
      labels: [...root.querySelectorAll('[data-export="legend-label"]')].map((e) => e.textContent ?? ''),
    };
  });
  await viewer.close();
  return drawn;
}

/** Pixels darker than rgb(100, 100, 100) in the top `rows` rows of a PNG, decoded by a new page's canvas. */
async function darkPixels(page: Page, bytes: Buffer, rows: number): Promise<number> {
  const viewer = await page.context().newPage();
  const count = await viewer.evaluate(
    async ({ b64, rows }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = rows;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, rows).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i] as number) < 100 && (data[i + 1] as number) < 100 && (data[i + 2] as number) < 100) dark++;
      return dark;
    },
    { b64: bytes.toString('base64'), rows },
  );
  await viewer.close();
  return count;
}

/** PNG width and height from its IHDR chunk (bytes 16–23, big-endian). */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

for (const lang of ['en', 'ko'] as const) {
  test(`figures export as SVG with every mark, title and legend, and as PNG at 2× (${lang})`, async ({ page }) => {
    const seen = watchPage(page);
    await openRecording(page, CLASSROOM, lang === 'ko' ? '&lang=ko' : '');
    // The whole first iteration: the Curves draw after its evaluation (phase 10).
    await stepPhases(page, RECORDED_PER_ITERATION);
    for (const view of ['adpo-curves', 'reward-parts', 'curves']) {
      const figure = page.locator(`[data-view="${view}"]`);
      await figure.scrollIntoViewIfNeeded();
      const source = await drawnMarks(figure);
      const title = ((await figure.locator('figcaption').textContent()) ?? '').trim();
      const legend = await figure
        .locator('[data-legend-label]')
        .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
      const swatches = await figure.locator('[data-legend-swatch]').count();

      const svg = await save(page, figure, 'svg');
      expect(svg.name).toBe(`agent0-${view}-${lang}.svg`);
      const opened = await openSvg(page, svg.bytes);
      expect(opened.root).toBe('svg');
      // Every mark and text of the figure, plus the background, the title and the HTML legend.
      const expected = { ...source.counts };
      expected.rect = (expected.rect ?? 0) + 1 + swatches;
      expected.text = (expected.text ?? 0) + 1 + legend.length;
      expect(opened.counts, view).toEqual(expected);
      expect(opened.added).toEqual({ background: 1, title: 1, swatches });
      expect(opened.title).toBe(title);
      expect(opened.labels).toEqual(legend);
      for (const text of source.texts) expect(opened.texts).toContain(text);
      expect(opened.outside, view).toBe(0);
      if (view === 'adpo-curves') {
        // The legend is drawn in the chart: its labels are among the texts, in the page's language.
        const g = lang === 'en' ? 'g(s): scale of the advantage' : 'g(s): 어드밴티지 배율';
        expect(opened.texts).toContain(g);
      }
      if (view === 'reward-parts') expect(legend.length).toBeGreaterThan(0);
      if (lang === 'ko') expect(title).toMatch(/[가-힣]/);

      const png = await save(page, figure, 'png');
      expect(png.name).toBe(`agent0-${view}-${lang}@2x.png`);
      expect(pngSize(png.bytes)).toEqual({ width: 2 * opened.width, height: 2 * opened.height });
      // The title is drawn in the PNG (dark pixels in its band, the top 68 pixels at 2×): Korean too.
      expect(await darkPixels(page, png.bytes, 68), view).toBeGreaterThan(300);
      // The file is at least as large as the figure's drawing on the page.
      const drawnWidth = await figure
        .locator('[data-figure-body] svg')
        .first()
        .evaluate((s) => s.getBoundingClientRect().width);
      expect(opened.width).toBeGreaterThanOrEqual(Math.floor(drawnWidth));
    }

    // A figure of text only: its export buttons are disabled and say why.
    const transcripts = page.locator('[data-view="transcripts"]');
    await expect(transcripts.locator('[data-action="figure-svg"]')).toBeDisabled();
    await expect(transcripts.locator('[data-action="figure-png"]')).toHaveAttribute(
      'title',
      lang === 'en'
        ? 'This figure is text, a table or a formula: there is no drawing to save as an image.'
        : '이 그림은 글, 표, 수식이라 이미지로 저장할 그림이 없습니다.',
    );
    await expect(page.locator('[data-view="adpo-curves"] [data-action="figure-svg"]')).toHaveAccessibleName(
      lang === 'en' ? 'SVG: save as a vector image' : 'SVG: 벡터 그림 파일로 저장',
    );

    // axe: nothing serious on the figures' buttons.
    const axe = await axeOf(page).include('[data-figure-tools]').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
}
