/**
 * `npx tsx scripts/device/prepare-webgpu-bench.ts`: makes .device/ (ignored by git) for
 * scripts/device/webgpu-bench.sh on a machine with a GPU, where nothing can be fetched and only the
 * working tree and the paths a call carries arrive (at most 64 MiB):
 * - webgpu-bench.mjs: scripts/device/webgpu-bench.ts with everything it imports, one file for Node;
 * - runtime.tar.xz: Dawn's Node binding for Linux x86-64 (`dawn.node`, from the `webgpu` package) and
 *   this machine's Node (`bin/node`), for a machine without one.
 * and .gl/ (ignored too): Debian's Vulkan loader and GL dispatch libraries for amd64, which Dawn and
 * the NVIDIA driver's Vulkan ICD need and the device machine lacks (without libglvnd0 the ICD,
 * libGLX_nvidia.so.0, does not load and Dawn finds no adapter); webgpu-bench.sh unpacks them there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';

const OUT = '.device';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'scripts/device/webgpu-bench.ts',
    outDir: OUT,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'webgpu-bench.mjs', codeSplitting: false } },
  },
});
const nodeHome = dirname(dirname(process.execPath));
const dawnHome = resolve('node_modules/webgpu/dist/linux-x64');
execFileSync('tar', ['cJf', join(OUT, 'runtime.tar.xz'), '-C', nodeHome, 'bin/node', '-C', dawnHome, 'dawn.node'], {
  env: { ...process.env, XZ_OPT: '-6 -T0' },
});
for (const f of ['webgpu-bench.mjs', 'runtime.tar.xz'])
  console.log(`${OUT}/${f}: ${(statSync(join(OUT, f)).size / 2 ** 20).toFixed(1)} MiB`);

// The loaders for amd64 (the device tool's README lists them), downloaded into .gl/ with their own
// package lists (nothing installed here).
const GL_PACKAGES = ['libvulkan1', 'libglvnd0', 'libegl1', 'libgl1', 'libglx0', 'libopengl0', 'libgles2'];
const present = existsSync('.gl') ? readdirSync('.gl') : [];
const missing = GL_PACKAGES.filter((p) => !present.some((f) => f.startsWith(`${p}_`)));
if (missing.length > 0) {
  mkdirSync('.gl', { recursive: true });
  mkdirSync('/tmp/amd64/partial', { recursive: true });
  const apt = ['-oAPT::Architecture=amd64', '-oAPT::Architectures=amd64', '-oDir::State::Lists=/tmp/amd64'];
  execFileSync('apt-get', [...apt, '-qq', 'update'], { stdio: 'inherit' });
  execFileSync('apt-get', [...apt, '-qq', 'download', ...missing], { cwd: '.gl', stdio: 'inherit' });
}
console.log(`.gl/: ${readdirSync('.gl').join(', ')}`);
