/**
 * `npm test`: the stages in order (type check, lint, format, unit, end-to-end in Chromium), each timed; the
 * first failing stage stops the run with its exit status. Prints every stage's seconds at the end.
 */
import { spawnSync } from 'node:child_process';

const STAGES = ['check', 'lint', 'format:check', 'test:unit', 'test:e2e'];
const times = [];
let status = 0;
for (const stage of STAGES) {
  const start = performance.now();
  console.log(`\n== npm run ${stage}`);
  const run = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  const seconds = (performance.now() - start) / 1000;
  times.push(`${stage.padEnd(13)} ${seconds.toFixed(0).padStart(5)} s${run.status === 0 ? '' : '  FAILED'}`);
  status = run.status ?? 1;
  if (status !== 0) break;
}
console.log(`\n== stage times\n${times.join('\n')}`);
process.exit(status);
