/**
 * A static file server for the production build where no Vite can travel (the device machine):
 * the files of one folder over HTTP on localhost, with the cross-origin isolation headers the build
 * needs for tfjs's threaded WASM (the same as vite.config.ts's `preview`), `/` as `index.html`,
 * and 404 for anything outside the folder.
 */
import { createReadStream, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** Content types by extension: what the build holds (scripts, WASM, Pyodide's files, pictures). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** The file under `root` that `url` names, or null when it would leave `root`. */
export function fileFor(root: string, url: string): string | null {
  const path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  const rel = normalize(path === '/' ? '/index.html' : path);
  if (rel.split(sep).includes('..')) return null;
  return join(root, rel);
}

/** Serves `root` on `port` of localhost until the returned server is closed. */
export function serveStatic(root: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const file = fileFor(root, req.url ?? '/');
    let size = -1;
    try {
      if (file) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    if (!file || size < 0) {
      res.writeHead(404, ISOLATION).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { ...ISOLATION, 'Content-Type': type, 'Content-Length': size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
