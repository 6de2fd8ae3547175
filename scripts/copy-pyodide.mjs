/**
 * Copies the Pyodide runtime files from node_modules/pyodide into public/pyodide/, so that the
 * browser sandbox loads them from the app's own origin (offline, no CDN). Runs on install and
 * before start, dev, build, the bench (whose tab section builds the app) and the end-to-end tests.
 * Files already up to date are left alone.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILES = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const source = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
const target = join(root, 'public', 'pyodide');

mkdirSync(target, { recursive: true });
let copied = 0;
for (const file of FILES) {
  const from = join(source, file);
  const to = join(target, file);
  const fresh =
    existsSync(to) && statSync(to).size === statSync(from).size && statSync(to).mtimeMs >= statSync(from).mtimeMs;
  if (!fresh) {
    copyFileSync(from, to);
    copied++;
  }
}
console.log(`copy-pyodide: ${copied} of ${FILES.length} files copied to public/pyodide/`);
