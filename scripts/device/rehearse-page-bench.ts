/**
 * `npx tsx scripts/device/rehearse-page-bench.ts [--preset=tiny] [--port=N]`: the page bench's
 * staging played end to end on this machine, SwiftShader standing in for the GPU. For each call of
 * .device-stage/calls.txt (prepare-page-bench.ts) it makes what the device tool would send, a fresh
 * copy of the working tree (tracked and untracked-not-ignored files) with only that call's carried
 * paths, checks it is within the 64 MiB a call takes, and runs the call's command there; the parts
 * gather in one stage folder, as on a machine kept warm. The last call runs the driver with
 * `--gpu=swiftshader`; the rehearsal fails unless its last line holds every field
 * (page-bench-fields.ts) and Chromium's libraries resolve to the carried ones or glibc's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingFields } from './page-bench-fields';
import { CALL_LIMIT } from './stage-plan';

const opt = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const stage = mkdtempSync(join(tmpdir(), 'a0-rehearsal-stage-'));
const calls = readFileSync('.device-stage/calls.txt', 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { command: string; carry: string[] });
const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
let last = '';
for (const [i, call] of calls.entries()) {
  const tree = mkdtempSync(join(tmpdir(), 'a0-rehearsal-tree-'));
  for (const f of [...files, ...call.carry])
    cpSync(f, join(tree, f), { recursive: true, dereference: true, force: true });
  const bytes = Number(execFileSync('du', ['-sb', '--apparent-size', tree], { encoding: 'utf8' }).split('\t')[0]);
  console.log(`call ${i + 1}/${calls.length}: ${(bytes / 2 ** 20).toFixed(1)} MiB travel; ${call.command}`);
  if (bytes > CALL_LIMIT) throw new Error(`call ${i + 1} carries more than 64 MiB`);
  const r = spawnSync('bash', ['-c', call.command], {
    cwd: tree,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      A0_STAGE: stage,
      A0_PAGE_BENCH_ARGS: `--gpu=swiftshader --preset=${opt('preset', 'tiny')} --port=${opt('port', '5307')}`,
    },
  });
  process.stdout.write(r.stdout);
  last = r.stdout.trim().split('\n').pop() ?? '';
  rmSync(tree, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`call ${i + 1} failed (exit ${r.status})`);
}
const chromium = join(stage, 'root/usr/lib/chromium/chromium-headless-shell');
const elsewhere = execFileSync('ldd', [chromium], {
  encoding: 'utf8',
  env: { LD_LIBRARY_PATH: join(stage, 'root/libs') },
})
  .split('\n')
  .filter((l) => l.includes('=>') && !l.includes(stage) && !/\b(libc|libm|libdl|libpthread|librt)\.so/.test(l));
rmSync(stage, { recursive: true, force: true });
const missing = missingFields(last);
if (missing.length > 0 || elsewhere.length > 0)
  throw new Error(
    `missing fields: ${missing.join(', ') || 'none'}; libraries from this machine: ${elsewhere.join('; ') || 'none'}`,
  );
console.log('rehearsal passed: every field is there, and Chromium loads only carried libraries beside glibc');
