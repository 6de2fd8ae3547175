/**
 * The production build in a second browser engine: Debian's Firefox ESR, driven over WebDriver
 * BiDi with puppeteer-core (Playwright cannot download its own Firefox here). The recorded run
 * replays into the views; a live tiny run trains on WASM (the SIMD build: no pthread workers in
 * Firefox, src/model/backend/served-wasm.ts) with the Python tool, says which backend runs and why, and its
 * run file round-trips (Save file, then Open file in a new page: the same run on screen, and it goes
 * on); the Korean page renders; no page error, no request off localhost.
 *
 * The live test once stalled in 6 of 11 runs (2026-12-02): the engine worker blocked for good inside
 * `new Worker()` when it started a worker of its own (tfjs's pthread pool, the Python sandbox)
 * while WebDriver BiDi watched workers. The page now starts the sandbox workers
 * (src/sandbox/page-spawner.ts) and Firefox runs tfjs without threads.
 *
 * Run by `npm run test:firefox` (node's test runner under tsx, with tests/firefox/lesson.test.ts)
 * and as a stage of `npm test`. The build and its server: tests/firefox/harness.ts (its own
 * `vite preview` on a free port, checked to serve that build: it once took a fixed port and
 * accepted any server there, and tested another run's build).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { PHASES } from '../../src/engine/loop/trace';
import { RECORDED_ITERATION_PHASES } from '../recorded-run';
import { attr, launchFirefox, live, serveBuild, stepEnabled, text, trace, until, watch } from './harness';

/** The file the page downloads on Save file (src/ui/state/live-driver.ts). */
const RUN_FILE = 'agent0-lab-run.a0run';
let origin = '';
let stopServer = () => {};
let browser: Browser;
let downloads = '';

const where = (t: Awaited<ReturnType<typeof trace>>): string[] => t.map((r) => `${r.iteration}.${r.step} ${r.phase}`);

/** The downloaded run file, once Firefox has finished writing it (no .part left, size steady). */
async function downloadedRunFile(): Promise<string> {
  const path = join(downloads, RUN_FILE);
  let size = -1;
  await until(
    `${RUN_FILE} in the download folder`,
    async () => {
      const names = readdirSync(downloads);
      if (!names.includes(RUN_FILE) || names.some((n) => n.endsWith('.part'))) return false;
      const now = statSync(path).size;
      const steady = now > 0 && now === size;
      size = now;
      return steady;
    },
    60_000,
    { describe: async () => `download folder: ${readdirSync(downloads).join(', ') || 'empty'}` },
  );
  return path;
}

before(async () => {
  ({ origin, stop: stopServer } = await serveBuild());
  downloads = mkdtempSync(join(tmpdir(), 'agent0-firefox-downloads-'));
  // Downloads go straight to a folder of this run, without asking.
  browser = await launchFirefox({
    'browser.download.folderList': 2,
    'browser.download.dir': downloads,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.start_downloads_in_tmp_dir': false,
    'browser.helperApps.neverAsk.saveToDisk': 'application/octet-stream',
  });
});

after(async () => {
  await browser?.close();
  stopServer();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

test('Firefox: the recorded run replays phase by phase into the views', { timeout: 180_000 }, async () => {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.goto(`${origin}/?mode=replay`);
  await until(
    'the recorded backend',
    async () => /^recorded · /.test((await attr(page, '[data-backend]', 'data-backend')) ?? ''),
    60_000,
    live(page),
  );
  // One iteration of the recording: phases 1–5 once per curriculum step (read from the file), then 6–10.
  const expected = RECORDED_ITERATION_PHASES;
  for (let i = 0; i < expected.length; i++) {
    await until('Step phase enabled', stepEnabled(page), 30_000, live(page));
    await page.keyboard.press('s');
    await until(`record ${i + 1}`, async () => (await trace(page)).length === i + 1, 30_000, live(page));
  }
  assert.deepEqual(
    (await trace(page)).map((r) => r.phase),
    expected,
  );
  for (const view of ['rollouts', 'grpo-groups']) {
    assert.ok((await page.$$(`[data-view="${view}"] [data-mark]`)).length > 0, `marks in the ${view} view`);
  }
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.external, []);
  await page.close();
});

test(
  'Firefox: a live run trains on WASM with the Python tool, says why WASM, and its run file round-trips',
  { timeout: 600_000 },
  async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto(`${origin}/?preset=tiny`);
    // When Step phase was first enabled, by the page's clock from navigation start (printed: the
    // Chromium figure is `npm run bench -- ready`'s; a string, so no helper of the bundler is needed).
    const readyMs = page.evaluate(`new Promise((resolve) => {
      const tick = () => {
        const b = document.querySelector('[data-action="step"]');
        if (b && !b.disabled) resolve(performance.now());
        else setTimeout(tick, 20);
      };
      tick();
    })`) as Promise<number>;
    // The first live load in a fresh profile: models, Pyodide and the tfjs WASM binaries (~30 MB),
    // while the Chromium suite runs beside it in npm test on two cores.
    await until(
      'the live backend',
      async () => ['wasm', 'webgpu'].includes((await attr(page, '[data-backend]', 'data-backend')) ?? ''),
      240_000,
      live(page),
    );
    const backend = await attr(page, '[data-backend]', 'data-backend');
    console.log(`Firefox: Step phase enabled ${((await readyMs) / 1000).toFixed(2)} s after navigation start`);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    await page.click('[data-backend] summary');
    const why = await text(page, '[data-testid="backend-why"]');
    if (backend === 'wasm') {
      assert.match(why, /WASM/);
      assert.equal(await attr(page, '[data-backend]', 'data-binary'), 'simd', 'no threaded WASM build in Firefox');
      assert.match(
        why,
        /In Firefox the page loads the build without threads/,
        'the badge says why Firefox has no threads',
      );
    }

    // Three phases: the questioner writes, the contract parses, the solver proxy calls the Python tool.
    for (let i = 0; i < 3; i++) {
      await until('Step phase enabled', stepEnabled(page), 240_000, live(page));
      await page.click('[data-action="step"]');
      await until(`record ${i + 1}`, async () => (await trace(page)).length === i + 1, 240_000, live(page));
    }
    const proxy = (await trace(page))[2];
    assert.equal(proxy?.phase, 'solver-proxy');
    const calls = (proxy?.results ?? []).flatMap((r) => r.toolCalls).reduce((a, b) => a + b, 0);
    assert.ok(calls > 0, 'the proxy ran Python tool calls');

    // The rest of the iteration (a run file is saved between iterations), then Save file.
    await until('Run iteration enabled', stepEnabled(page), 240_000, live(page));
    await page.click('[data-action="iteration"]');
    await until(
      'the end of iteration 1',
      async () => (await trace(page)).at(-1)?.phase === 'evaluation' && (await stepEnabled(page)()),
      480_000,
      live(page),
    );
    const saved = where(await trace(page));
    assert.equal(saved.length, PHASES.length);
    const curve = (p: Page) =>
      p.$$eval('[data-mark="curve-point"][data-metric="heldOutAccuracy"]', (els) =>
        els.map((e) => e.getAttribute('data-value')),
      );
    const accuracy = await curve(page);
    assert.equal(accuracy.length, 1);
    // Save file is in the header's menu (a <details>): open it first.
    await page.click('[data-action="menu"]');
    await page.click('[data-action="save-file"]');
    const file = await downloadedRunFile();
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.external, []);
    await page.close();

    // Open file in a new page: the saved run comes back on screen, and goes on from there.
    const again = await browser.newPage();
    const seenAgain = watch(again);
    await again.goto(`${origin}/?preset=tiny`);
    await until('the live engine ready', stepEnabled(again), 120_000, live(again));
    assert.equal((await trace(again)).length, 0);
    const input = (await again.$('[data-action="load-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    assert.ok(input, 'the Open file input');
    await input.uploadFile(file);
    await until(
      'the run file loaded',
      async () => (await text(again, '.notice')).includes('Loaded the saved run'),
      60_000,
      live(again),
    );
    assert.deepEqual(where(await trace(again)), saved);
    assert.deepEqual(await curve(again), accuracy);
    await until('Step phase enabled', stepEnabled(again), 60_000, live(again));
    await again.click('[data-action="step"]');
    await until('the next record', async () => (await trace(again)).length === saved.length + 1, 240_000, live(again));
    assert.match(where(await trace(again)).at(-1) ?? '', /^2\.\d+ questioner-rollouts$/);
    assert.deepEqual(seenAgain.errors, []);
    assert.deepEqual(seenAgain.external, []);
    await again.close();
  },
);

test('Firefox: the Korean page renders in Korean', { timeout: 120_000 }, async () => {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.goto(`${origin}/?mode=replay&lang=ko`);
  await until('the step button', async () => (await page.$('[data-action="step"]')) !== null, 60_000, live(page));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  assert.match(await text(page, '[data-action="step"]'), /한 단계/);
  assert.deepEqual(seen.errors, []);
  await page.close();
});

test('Firefox: projector text grows with the screen, and "," opens Preferences', { timeout: 120_000 }, async () => {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${origin}/?mode=replay&projector=1&lang=ko`);
  await until('the step button', async () => (await page.$('[data-action="step"]')) !== null, 60_000, live(page));
  // 1.25 % of 1920 px: the status line at 24 px, as in Chromium (tests/e2e/app-projector.spec.ts).
  const size = await page.evaluate(
    () => getComputedStyle(document.querySelector('[data-testid="status"]') as Element).fontSize,
  );
  assert.equal(size, '24px');
  await page.click('[data-action="step"]');
  await page.keyboard.press(',');
  await until('the dialog', async () => page.evaluate(() => !!document.querySelector('dialog[open]')), 10_000);
  assert.equal(await text(page, 'dialog[open] h2'), '환경설정');
  await page.keyboard.press('Escape');
  await until('the dialog closed', async () => page.evaluate(() => !document.querySelector('dialog[open]')), 10_000);
  assert.deepEqual(seen.errors, []);
  await page.close();
});
