/**
 * `npx tsx scripts/device/prepare-webgpu-bench.ts`: makes .device/ (ignored by git) for
 * scripts/device/webgpu-bench.sh on a machine with a GPU, where nothing can be fetched and only the
 * working tree and the paths a call carries arrive (at most 64 MiB):
 * - webgpu-bench.mjs: scripts/device/webgpu-bench.ts with everything it imports, one file for Node;
 * - engine/engine-bench.mjs (scripts/device/engine-bench.ts: `npm run bench -- engine` on WebGPU),
 *   with engine/sandbox-worker.mjs (the Python sandbox's worker) and pyodide.tar.xz (its runtime);
 * - runtime.tar.xz: Dawn's Node binding for Linux x86-64 (`dawn.node`, from the `webgpu` package) and
 *   this machine's Node (`bin/node`), for a machine without one.
 * and .gl/ (gl-debs.ts): the Vulkan loader and GL dispatch libraries, which webgpu-bench.sh unpacks there.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import { ensureGlDebs } from './gl-debs';

const OUT = '.device';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
/** Bundles `entry` into OUT/`file` for Node, everything inlined but Pyodide (carried as files). */
const bundle = (entry: string, file: string, outDir = OUT) =>
  build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true, external: ['pyodide'] },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rollupOptions: { external: ['pyodide'], output: { format: 'es', entryFileNames: file, codeSplitting: false } },
    },
  });
await bundle('scripts/device/webgpu-bench.ts', 'webgpu-bench.mjs');
// Two folders down, as src/engine/node.ts is, so that its base checkpoint (../../public/models) is the tree's.
await bundle('scripts/device/engine-bench.ts', 'engine-bench.mjs', join(OUT, 'engine'));
await bundle('src/sandbox/node.worker.ts', 'sandbox-worker.mjs', join(OUT, 'engine'));
// Pyodide's runtime for the sandbox (what loadPyodide reads offline), without maps and pages, as
// pyodide.tar.xz, which webgpu-bench.sh unpacks into .device/node_modules/ there.
const pyodideFiles = readdirSync('node_modules/pyodide').filter((f) => /\.(mjs|js|wasm|zip|json)$/.test(f));
execFileSync(
  'tar',
  ['cJf', join(OUT, 'pyodide.tar.xz'), '-C', 'node_modules', ...pyodideFiles.map((f) => `pyodide/${f}`)],
  {
    env: { ...process.env, XZ_OPT: '-9 -T0' },
  },
);
const nodeHome = dirname(dirname(process.execPath));
const dawnHome = resolve('node_modules/webgpu/dist/linux-x64');
execFileSync('tar', ['cJf', join(OUT, 'runtime.tar.xz'), '-C', nodeHome, 'bin/node', '-C', dawnHome, 'dawn.node'], {
  env: { ...process.env, XZ_OPT: '-6 -T0' },
});
const mib = (f: string): string => `${(statSync(f).size / 2 ** 20).toFixed(1)} MiB`;
for (const f of [
  'webgpu-bench.mjs',
  'engine/engine-bench.mjs',
  'engine/sandbox-worker.mjs',
  'runtime.tar.xz',
  'pyodide.tar.xz',
])
  console.log(`${OUT}/${f}: ${mib(join(OUT, f))}`);

console.log(`.gl/: ${ensureGlDebs().join(', ')}`);
