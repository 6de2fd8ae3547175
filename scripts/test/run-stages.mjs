/**
 * `npm test`: every stage, side by side where they do not wait on each other, each timed.
 *
 * 1. The type check, lint, format check and the production build (`vite build` into dist-e2e) at
 *    once: none reads what another writes.
 * 2. Then the unit tests, two test files at a time (Vitest's own default on two cores is one).
 * 3. Then the Chromium end-to-end tests, two spec files at a time (E2E_WORKERS=2). Every stage is
 *    bound by the CPU on a two-core machine, so each gets both cores to itself. (With the unit tests
 *    beside one Chromium worker, the Chromium tests ran on alone for 23 of their 32 minutes, and one
 *    Chromium worker used 1.2 cores on average, measured beside other work.)
 * 4. Then the Firefox ESR files alone, one after another (scripts/test/firefox.mjs): the live run
 *    calls Python under a wall-clock limit (3 s a program), and beside the Chromium suite on two
 *    cores one step of it once ran past 240 s (most likely programs running past the limit and the
 *    sandbox restarting).
 * Both browser stages serve the build of step 1 (E2E_DIST): Playwright's `build` project and the
 * Firefox files do not build it each.
 *
 * A failing stage stops its lane and the others (their processes are ended), and the run exits
 * with its status. One lane's output streams as it comes (the longest, the Chromium tests); the
 * others' is printed whole when each of their stages ends. At the end: every stage's seconds, and
 * the wall time.
 */
import { spawn } from 'node:child_process';

const DIST = 'dist-e2e';
const env = { ...process.env, E2E_DIST: DIST, E2E_WORKERS: process.env.E2E_WORKERS ?? '2' };

/** name → command (run through sh, in the repository root). */
const STAGE = {
  check: 'npm run --silent check',
  lint: 'npm run --silent lint',
  'format:check': 'npm run --silent format:check',
  build: `node scripts/copy-pyodide.mjs && npx vite build --outDir ${DIST} --emptyOutDir --logLevel warn`,
  'test:unit': 'npm run --silent test:unit -- --maxWorkers=2',
  'test:e2e': 'npm run --silent test:e2e',
  'test:firefox': 'npm run --silent test:firefox',
};

/** Steps in order; each step's lanes run at once, each lane's stages one after another. */
const STEPS = [[['check'], ['lint'], ['format:check'], ['build']], [['test:unit']], [['test:e2e']], [['test:firefox']]];
/** The stage whose output streams live (the others' is held until they end). */
const STREAMED = 'test:e2e';

const started = performance.now();
const times = [];
const running = new Set();
let failed = null;

/** Send `signal` to every running stage's process group. */
function signalAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * End every running stage with its process group (its servers and browsers too): SIGINT first, as
 * Ctrl-C would, since Playwright then stops the web servers it started in groups of their own (on
 * SIGTERM they outlive it and hold ports 5174/5175, and the next `npm test` stops at once); SIGTERM
 * ten seconds later to whatever is still running.
 */
function stopAll() {
  signalAll('SIGINT');
  setTimeout(() => signalAll('SIGTERM'), 10_000).unref();
}

function runStage(name) {
  return new Promise((resolve) => {
    const start = performance.now();
    const live = name === STREAMED;
    console.log(`\n== ${name} started`);
    const child = spawn('sh', ['-c', STAGE[name]], {
      env,
      detached: true, // its own process group, so a failure elsewhere can end it with its servers
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const held = [];
    child.stdout?.on('data', (d) => held.push(d));
    child.stderr?.on('data', (d) => held.push(d));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - start) / 1000;
      const status = code ?? 1;
      // Ended because another stage failed (by its signal, or by its own exit on SIGINT).
      const stopped = failed !== null && (signal !== null || status !== 0);
      if (!live) {
        console.log(`\n== ${name} output`);
        process.stdout.write(Buffer.concat(held));
      }
      const verdict = stopped ? '  stopped' : status === 0 ? '' : '  FAILED';
      console.log(
        `== ${name} ${stopped ? 'stopped' : status === 0 ? 'passed' : 'FAILED'} after ${seconds.toFixed(0)} s`,
      );
      times.push(`${name.padEnd(13)} ${seconds.toFixed(0).padStart(5)} s${verdict}`);
      if (status !== 0 && failed === null) {
        failed = { name, status };
        stopAll();
      }
      resolve();
    });
  });
}

/** Ctrl-C or a stop from outside ends every stage too (each runs in its own process group). */
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

async function runLane(stages) {
  for (const name of stages) {
    if (failed !== null) return;
    await runStage(name);
  }
}

for (const lanes of STEPS) {
  if (failed !== null) break;
  await Promise.all(lanes.map(runLane));
}

const wall = (performance.now() - started) / 1000;
console.log(`\n== stage times\n${times.join('\n')}\n${'wall time'.padEnd(13)} ${wall.toFixed(0).padStart(5)} s`);
if (failed !== null) console.log(`\nnpm test: ${failed.name} failed`);
process.exit(failed === null ? 0 : failed.status || 1);
