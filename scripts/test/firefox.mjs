/**
 * `npm run test:firefox`: every Firefox ESR test file (tests/firefox/*.test.ts) under node's test
 * runner with tsx, one file at a time (each starts its own Firefox and `vite preview` on a free
 * port, or the development server for the sandbox's boundary attacks, which need the test hook;
 * two at once on two cores would slow the live run's timed Python calls). The build: the
 * folder `E2E_DIST` names (npm test builds it once for every browser stage), or built here once
 * into dist-firefox and handed to every file, so no file builds it again.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const FILES = readdirSync('tests/firefox')
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => `tests/firefox/${f}`);

const env = { ...process.env };
if (env.E2E_DIST === undefined) {
  execFileSync('npx', ['vite', 'build', '--outDir', 'dist-firefox', '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  env.E2E_DIST = 'dist-firefox';
}
const run = spawnSync('npx', ['tsx', '--test', '--test-concurrency=1', ...FILES], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
