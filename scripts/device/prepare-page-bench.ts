/**
 * `npx tsx scripts/device/prepare-page-bench.ts [--dist=DIR]`: stages the page bench
 * (page-bench.ts) for a machine with a GPU that fetches nothing and takes at most 64 MiB a call,
 * working tree included. Into .device-stage/ (ignored by git) it puts:
 * - payload/debs/: Debian's `chromium-headless-shell` and `chromium-common`, as `apt-get download` gives them;
 * - payload/libs.tar.xz: the shared libraries those binaries load that glibc does not provide
 *   (`ldd`'s closure on this machine, NSS's modules too), which the device's image lacks;
 * - payload/app.tar.xz: the production build (`vite build`, or --dist), the driver bundled into
 *   page-bench.mjs, node_modules/playwright-core, and this machine's Node (bin/node);
 * - part-01 … part-NN: that payload as one tar stream cut into parts that each fit a call beside
 *   the working tree and .gl/ (64 MiB − their sizes − 2 MiB), and manifest.txt (sha256 of each part);
 * - calls.txt: the device tool's calls, one a line, in order (page-bench.sh runs them there).
 * The sizes are checked here: it stops when a part would not fit.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import { ensureGlDebs } from './gl-debs';
import { callCommands, partBudget } from './stage-plan';

const STAGE = resolve('.device-stage');
const PAYLOAD = join(STAGE, 'payload');
const MiB = 2 ** 20;
const distArg = process.argv.find((a) => a.startsWith('--dist='))?.slice(7);
const sh = (cmd: string, args: string[], cwd?: string): string =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * MiB });

rmSync(STAGE, { recursive: true, force: true });
mkdirSync(join(PAYLOAD, 'debs'), { recursive: true });
const app = join(STAGE, 'app');
mkdirSync(join(app, 'bin'), { recursive: true });

// 1. The debs (this machine's package lists; amd64 is what the device runs).
sh('apt-get', ['-qq', 'download', 'chromium-headless-shell', 'chromium-common'], join(PAYLOAD, 'debs'));

// 2. The libraries: unpack the debs, ask ldd what their binaries load, keep what glibc does not give.
const root = join(STAGE, 'root');
for (const deb of readdirSync(join(PAYLOAD, 'debs'))) sh('dpkg', ['-x', join(PAYLOAD, 'debs', deb), root]);
const chromiumDir = join(root, 'usr/lib/chromium');
const GLIBC = /^(libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64)\.so/;
const libs = new Map<string, string>();
const binaries = ['chromium-headless-shell', 'libvk_swiftshader.so', 'libEGL.so', 'libGLESv2.so', 'libvulkan.so.1'];
const nssDir = dirname(sh('sh', ['-c', 'ldconfig -p | grep -m1 "libnss3.so " | sed "s/.*=> //"']).trim());
const nssModules = ['libsoftokn3.so', 'libfreebl3.so', 'libfreeblpriv3.so', 'libnssckbi.so', 'libnssdbm3.so'];
for (const f of [...binaries.map((b) => join(chromiumDir, b)), ...nssModules.map((m) => join(nssDir, m))]) {
  if (!existsSync(f)) continue;
  if (!f.startsWith(root)) libs.set(basename(f), f);
  const out = sh('ldd', [f]).split('\n');
  for (const line of out) {
    const m = /^\s*(\S+) => (\/\S+)/.exec(line);
    if (m && !GLIBC.test(m[1] as string) && !(m[2] as string).startsWith(root))
      libs.set(m[1] as string, m[2] as string);
  }
}
const libDir = join(STAGE, 'libs');
mkdirSync(libDir);
for (const [name, path] of libs) copyFileSync(path, join(libDir, name));
const glibcNeeded = sh('sh', [
  '-c',
  `for f in ${chromiumDir}/chromium-headless-shell ${libDir}/*; do objdump -T "$f"; done | grep -o 'GLIBC_[0-9.]*' | sort -Vu | tail -1`,
]).trim();
sh('tar', ['cJf', join(PAYLOAD, 'libs.tar.xz'), '-C', libDir, '.']);

// 3. The app: the build, the driver, playwright-core, Node.
const dist = distArg ?? join(STAGE, 'dist');
if (!distArg) await build({ build: { outDir: dist, emptyOutDir: true }, logLevel: 'warn' });
cpSync(dist, join(app, 'dist'), { recursive: true });
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, external: ['playwright-core'] },
  build: {
    ssr: 'scripts/device/page-bench.ts',
    outDir: app,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: {
      external: ['playwright-core'],
      output: { format: 'es', entryFileNames: 'page-bench.mjs', codeSplitting: false },
    },
  },
});
cpSync('node_modules/playwright-core', join(app, 'node_modules/playwright-core'), {
  recursive: true,
  dereference: true,
});
copyFileSync(process.execPath, join(app, 'bin/node'));
execFileSync('tar', ['cJf', join(PAYLOAD, 'app.tar.xz'), '-C', app, '.'], {
  env: { ...process.env, XZ_OPT: '-6 -T0' },
});
rmSync(root, { recursive: true, force: true });
rmSync(libDir, { recursive: true, force: true });
rmSync(app, { recursive: true, force: true });
if (!distArg) rmSync(dist, { recursive: true, force: true });

// 4. Parts that fit beside the working tree and .gl/.
ensureGlDebs();
const treeBytes = Number(
  sh('sh', ['-c', 'git ls-files -z -co --exclude-standard | xargs -0 stat -L -c %s 2>/dev/null | paste -sd+ | bc']),
);
const glBytes = readdirSync('.gl').reduce((s, f) => s + statSync(join('.gl', f)).size, 0);
const budget = partBudget(treeBytes, glBytes);
sh('sh', ['-c', `tar cf - -C "${PAYLOAD}" . | split -b ${budget} -d -a 2 --numeric-suffixes=1 - "${STAGE}/part-"`]);
const parts = readdirSync(STAGE)
  .filter((f) => f.startsWith('part-'))
  .sort();
for (const p of parts) if (statSync(join(STAGE, p)).size > budget) throw new Error(`${p} is over the budget`);
writeFileSync(join(STAGE, 'manifest.txt'), sh('sha256sum', parts, STAGE));
writeFileSync(join(STAGE, 'calls.txt'), `${callCommands(parts).join('\n')}\n`);
rmSync(PAYLOAD, { recursive: true, force: true });

const mib = (b: number): string => `${(b / MiB).toFixed(1)} MiB`;
console.log(`working tree ${mib(treeBytes)}, .gl ${mib(glBytes)}: at most ${mib(budget)} a part`);
for (const p of parts) console.log(`.device-stage/${p}: ${mib(statSync(join(STAGE, p)).size)}`);
console.log(`libraries carried: ${libs.size}; newest glibc symbol needed: ${glibcNeeded}`);
console.log(`the calls (.device-stage/calls.txt):\n${callCommands(parts).join('\n')}`);
