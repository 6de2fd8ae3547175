/**
 * Ready section of `npm run bench` (`npm run bench -- ready`): how soon the live page is usable. The
 * production build (the tab section's `dist-bench/`, built when a source is newer) is served by
 * `vite preview` on `BENCH_READY_PORT` (default 5180) and opened in Debian's Chromium (no GPU, the
 * network closed, the service worker blocked as in the end-to-end tests) `BENCH_READY_ROUNDS` times
 * (default 3), each in a fresh browser context: a first visit (empty HTTP cache), then a warm one in
 * the same context. Each visit is timed by the page's own clock from navigation start:
 *
 * - ready: when Step is first enabled (the page's `performance.now()` when its `disabled` went);
 * - each step of the start (src/engine/load-steps.ts): when the loading bar first showed it over,
 *   read from the bar's `data-steps`; Python's may come after Ready, and `python-first` is when its
 *   first runtime had started (a tool call need wait no longer);
 * - python: when the bar went (every Python runtime started; the first tool call waits until one has).
 *
 * With `BENCH_READY_BESIDE=DIR`, the build in DIR is visited the same way in every round, after this
 * one, so that both meet the same state of the machine (a build without the bar: Ready only).
 */
import { type Browser, chromium } from '@playwright/test';
import { preview } from 'vite';
import { CLOSED_NETWORK_ARGS } from '../../tests/e2e/webgpu-launch';
import { OUT_DIR, ensureBuild } from './tab.bench';

export const name = 'ready';
/** A build (when the sources changed), then six page visits of at most a minute or two each. */
export const boundSeconds = 900;

const PORT = Number(process.env.BENCH_READY_PORT ?? 5180);
const ROUNDS = Number(process.env.BENCH_READY_ROUNDS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Another build to time in the same rounds, taking turns with this one (e.g. one made from an
 *  older commit), served on PORT + 1. */
const BESIDE = process.env.BENCH_READY_BESIDE ?? '';

/** Kept in the page from before its scripts run: when Step was enabled, and when each step of the
 *  bar was first over (a string, so that no helper of the bundler is needed in the page). */
const WATCH = `
  window.__ready = { step: null, over: {}, barGone: null, barSeen: false };
  new MutationObserver(() => {
    const r = window.__ready;
    const now = performance.now();
    const b = document.querySelector('[data-action="step"]');
    if (r.step === null && b && !b.disabled) r.step = now;
    const bar = document.querySelector('[data-testid="loading"]');
    if (bar) {
      r.barSeen = true;
      for (const s of (bar.getAttribute('data-steps') || '').split(' ')) {
        const m = /^([\\w-]+):(\\d+)\\/(\\d+)$/.exec(s);
        if (m && Number(m[2]) >= Number(m[3]) && !(m[1] in r.over)) r.over[m[1]] = now;
        if (m && m[1] === 'python' && Number(m[2]) >= 1 && !('python-first' in r.over)) r.over['python-first'] = now;
      }
    } else if (r.barSeen && r.barGone === null) r.barGone = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

interface Visit {
  /** `this` (dist-bench/), or `beside` (BENCH_READY_BESIDE). */
  build: string;
  visit: 'first' | 'warm';
  readyMs: number;
  /** When each step was first over, ms from navigation start. */
  stepsMs: Record<string, number>;
  /** When every Python runtime had started (the bar went). */
  pythonMs: number | null;
}

async function visit(
  browser: Browser,
  origins: Record<string, string>,
  rounds: number,
  onVisit: (v: Visit) => void,
): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (let round = 0; round < rounds; round++)
    for (const [build, origin] of Object.entries(origins)) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
      await context.addInitScript(WATCH);
      try {
        for (const kind of ['first', 'warm'] as const) {
          const page = await context.newPage();
          await page.goto(`${origin}/?preset=classroom&seed=1`);
          // Until Step is enabled and the bar, if the page has one, has gone (a build from before the
          // bar: Ready alone, Python then being part of it).
          await page.waitForFunction(
            () => {
              const r = (window as { __ready?: { step: number | null; barSeen: boolean; barGone: number | null } })
                .__ready;
              return r !== undefined && r.step !== null && (!r.barSeen || r.barGone !== null);
            },
            null,
            { timeout: 180_000, polling: 200 },
          );
          const r = (await page.evaluate(() => (window as unknown as { __ready: unknown }).__ready)) as {
            step: number | null;
            over: Record<string, number>;
            barGone: number | null;
          };
          if (r.step === null) throw new Error('Step was never enabled');
          const v: Visit = {
            build,
            visit: kind,
            readyMs: Math.round(r.step),
            stepsMs: Object.fromEntries(Object.entries(r.over).map(([k, ms]) => [k, Math.round(ms)])),
            pythonMs: r.barGone === null ? null : Math.round(r.barGone),
          };
          visits.push(v);
          onVisit(v);
          await page.close();
        }
      } finally {
        await context.close();
      }
    }
  return visits;
}

/** Lowest and highest of `xs`. */
const range = (xs: number[]) => ({ min: Math.min(...xs), max: Math.max(...xs) });

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { preset: 'classroom', seed: 1, build: await ensureBuild() };
  const serve = (outDir: string, port: number) =>
    preview({ preview: { port, strictPort: true }, build: { outDir }, logLevel: 'warn' });
  const servers = [await serve(OUT_DIR, PORT)];
  const origins: Record<string, string> = { this: `http://localhost:${PORT}` };
  if (BESIDE) {
    servers.push(await serve(BESIDE, PORT + 1));
    origins.beside = `http://localhost:${PORT + 1}`;
    out.beside = BESIDE;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS] });
  const seen: Visit[] = [];
  try {
    const visits = await visit(browser, origins, ROUNDS, (v) => {
      console.log(
        `${v.build}, ${v.visit} visit: Step enabled at ${(v.readyMs / 1000).toFixed(2)} s; steps over at ${Object.entries(
          v.stepsMs,
        )
          .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)} s`)
          .join(
            ', ',
          )}; every Python runtime started at ${v.pythonMs === null ? '?' : (v.pythonMs / 1000).toFixed(1)} s`,
      );
      seen.push(v);
      report({ visits: seen });
    });
    out.visits = visits;
    for (const build of Object.keys(origins))
      for (const kind of ['first', 'warm'] as const) {
        const of = visits.filter((v) => v.build === build && v.visit === kind);
        const key = build === 'this' ? kind : `${build}-${kind}`;
        out[`${key}ReadyMs`] = range(of.map((v) => v.readyMs));
        const first = of.flatMap((v) => (v.stepsMs['python-first'] === undefined ? [] : [v.stepsMs['python-first']]));
        const all = of.flatMap((v) => (v.pythonMs === null ? [] : [v.pythonMs]));
        if (first.length > 0) out[`${key}PythonFirstMs`] = range(first);
        if (all.length > 0) out[`${key}PythonMs`] = range(all);
      }
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
  }
  return out;
}
