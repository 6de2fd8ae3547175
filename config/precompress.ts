/**
 * Precompressed copies for the host to send (README, Deploying): after the build (the service
 * worker included), every file of `dist/` that compresses gets a Brotli `NAME.br` and a gzip
 * `NAME.gz` beside it, which a host serves in place of NAME when the request's Accept-Encoding
 * allows (`Content-Encoding: br` / `gzip`, `Vary: Accept-Encoding`). A copy is kept only when it is
 * at most `KEEP_RATIO` of the file, so already-compressed files (fonts, python_stdlib.zip) get none.
 *
 * Brotli at its best quality (11) takes a minute on Pyodide's 9.6 MB WebAssembly on one core (quality
 * 9: 4 s, 13 % larger): files of `BIG_FILE_BYTES` or more are compressed at quality 9, which keeps
 * the build's extra time near 15 s of one core.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** The file kinds that compress: text, WebAssembly, the recordings, the models. */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.wasm',
  '.a0lm',
  '.zip',
  '.ttf',
]);
/** Files smaller than this go as they are (a header costs more than it saves). */
export const MIN_BYTES = 1024;
/** A compressed copy is written only when it is at most this fraction of the file. */
export const KEEP_RATIO = 0.9;
/** From this size on, Brotli quality 9 instead of 11 (see above). */
export const BIG_FILE_BYTES = 512 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, recursively (links followed: public/pyodide is one in a worktree). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    if ((await stat(path)).isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/** Brotli and gzip copies of one file, each written only where it saves (KEEP_RATIO). */
export async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) return;
  const quality = bytes.length >= BIG_FILE_BYTES ? 9 : 11;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  if (br.length <= bytes.length * KEEP_RATIO) await writeFile(`${path}.br`, br);
  if (gz.length <= bytes.length * KEEP_RATIO) await writeFile(`${path}.gz`, gz);
}

/** Writes the copies for every compressible file of the build's output folder. */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.has(extname(f)));
  await Promise.all(files.map(precompressFile));
}

/** The Vite plugin: runs after every other plugin's closeBundle (vite-plugin-pwa writes sw.js there). */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'agent0-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr || config.build.lib) return;
        await precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
