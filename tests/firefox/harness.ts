/**
 * What every Firefox ESR test file shares: the production build served by its own `vite preview`
 * on a free port (checked to be that server, serving that build), or the development server for
 * the one file that needs a harness page, Firefox launched over WebDriver BiDi with puppeteer-core,
 * and the waits and page probes the files use.
 *
 * The build: `E2E_DIST` names a folder already built (`npm run test:firefox` builds once and sets
 * it, scripts/test/firefox.mjs; `npm test` builds once for every browser stage); without it a file
 * run alone builds into dist-firefox.
 */
import assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const DIST = process.env.E2E_DIST ?? 'dist-firefox';
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Polls `probe` every 200 ms until it holds or `ms` pass. `stop` is asked on every round: a text
 * ends the wait at once as a failure (the server exited, the page shows an error). A timeout says
 * what `describe` reads at that moment.
 */
export async function until(
  what: string,
  probe: () => Promise<boolean>,
  ms: number,
  opts: { stop?: () => Promise<string | null>; describe?: () => Promise<string> } = {},
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const stopped = await opts.stop?.().catch(() => null);
    if (stopped) throw new Error(`stopped waiting for ${what}: ${stopped}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) {
      const state = (await opts.describe?.().catch((e: unknown) => `(unreadable: ${String(e)})`)) ?? '';
      throw new Error(`timed out after ${ms} ms waiting for ${what}${state ? `; the page shows ${state}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A port no one listens on now (the kernel's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `npx vite ARGS --port P --strictPort` on a free port P (or `FIREFOX_PORT`) in its own
 * process group, and waits until the server answering there gives `path` a body that `ours` accepts
 * (so that a server of another run on that port is never taken for this one). `stop` ends the
 * server; so do SIGINT and SIGTERM (npm test ends the other stages when one fails, and Ctrl-C).
 */
async function serveVite(
  what: string,
  args: string[],
  path: string,
  ours: (body: string) => boolean,
): Promise<{ origin: string; stop: () => void }> {
  const port = process.env.FIREFOX_PORT ? Number(process.env.FIREFOX_PORT) : await freePort();
  const origin = `http://localhost:${port}`;
  let log = '';
  let exited: string | null = null;
  const server: ChildProcess = spawn(
    'npx',
    ['vite', ...args, '--port', String(port), '--strictPort'],
    // Its own process group (npx, sh, node), ended as one.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  server.on('exit', (code, signal) => (exited = `${what} exited (${signal ?? code}):\n${log}`));
  const stop = () => {
    if (server.pid && exited === null) {
      try {
        process.kill(-server.pid);
      } catch {
        // already gone
      }
    }
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => {
      stop();
      process.exit(code);
    });
  await until(`${what} to serve ${path}`, async () => ours(await (await fetch(`${origin}${path}`)).text()), 60_000, {
    stop: async () => exited,
    describe: async () => `server output: ${log}`,
  });
  return { origin, stop };
}

/**
 * Serves the build (built first into dist-firefox when `E2E_DIST` is unset) with `vite preview`,
 * checked to serve this build's index.html byte for byte.
 */
export async function serveBuild(): Promise<{ origin: string; stop: () => void }> {
  if (process.env.E2E_DIST === undefined) {
    execFileSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const index = join(DIST, 'index.html');
  assert.ok(existsSync(index), `${index} is missing: build the app first (npx vite build --outDir ${DIST})`);
  const built = readFileSync(index, 'utf8');
  return serveVite('vite preview', ['preview', '--outDir', DIST], '/', (body) => body === built);
}

/**
 * Serves this checkout's sources with the Vite development server, for the harness pages under
 * tests/e2e/pages/ (the build has none): checked to be a development server (its client script)
 * serving `page` with this checkout's text of it (the line that follows `<body>`).
 */
export function serveDev(page: string): Promise<{ origin: string; stop: () => void }> {
  const source = readFileSync(join('.', page), 'utf8');
  const line =
    source
      .slice(source.indexOf('<body>') + '<body>'.length)
      .trim()
      .split('\n')[0] ?? '';
  return serveVite('vite', [], `/${page}`, (body) => body.includes('/@vite/client') && body.includes(line));
}

/** Headless Firefox ESR over WebDriver BiDi, with `prefs` added to its profile. */
export function launchFirefox(prefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    extraPrefsFirefox: prefs,
  });
}

/** Errors the page reports (uncaught exceptions and console errors) and requests leaving localhost. */
export function watch(page: Page): { errors: string[]; external: string[] } {
  const seen = { errors: [] as string[], external: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
      seen.external.push(r.url());
  });
  return seen;
}

export const attr = (page: Page, selector: string, name: string): Promise<string | null> =>
  page.$eval(selector, (el, n) => el.getAttribute(n), name);
/** The element's text, or '' when there is none. */
export const text = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (el) => el.textContent ?? '').catch(() => '');

/** What the header says now: backend, status line, notice. */
async function header(page: Page): Promise<string> {
  const backend = await attr(page, '[data-backend]', 'data-backend').catch(() => null);
  return `backend ${backend}, status "${(await text(page, '[data-testid="status"]')).trim()}", notice "${(await text(page, '.notice')).trim()}"`;
}

/** The page shows an error in its status line (the engine stopped, a phase failed). */
async function pageError(page: Page): Promise<string | null> {
  const failed = await page.$eval('[data-testid="status"]', (el) => el.classList.contains('error')).catch(() => false);
  return failed ? `the page says "${(await text(page, '[data-testid="status"]')).trim()}"` : null;
}

/** The page's own waits: they stop at once when the page shows an error, and say what it shows. */
export const live = (page: Page) => ({ stop: () => pageError(page), describe: () => header(page) });

export const stepEnabled = (page: Page) => () =>
  page.$eval('[data-action="step"]', (b) => !(b as HTMLButtonElement).disabled);

type Trace = { phase: string; iteration: number; step: number; results?: { toolCalls: number[] }[] }[];
/** The records the page holds, in order. */
export const trace = (page: Page): Promise<Trace> =>
  page.evaluate(() => ((window as { __agent0Trace?: unknown }).__agent0Trace ?? []) as Trace);
