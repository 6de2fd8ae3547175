/**
 * The build served the way README's "Deploying" says, for the first-visit measurement
 * (measure.ts): every file with COOP, COEP and the page's Content-Security-Policy; the precompressed
 * copy the request accepts (`NAME.br` before `NAME.gz`, config/precompress.ts) with its
 * `Content-Encoding` and `Vary: Accept-Encoding`; hashed `assets/` cached for a year, everything
 * else revalidated (`no-cache`, an `ETag` answered with 304 when it still matches), as nginx and
 * Caddy do. It counts what it sends: every response's header and body bytes.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { headerPolicy } from '../../config/csp';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.zip': 'application/zip',
};

/** What the server has sent so far. */
export interface WireCount {
  /** Header and body bytes of every response. */
  bytes: number;
  requests: number;
  /** Responses not yet finished. */
  inFlight: number;
  /** When the last response started or ended (ms, performance.now()). */
  lastActivity: number;
  /** Body bytes by path, for the breakdown. */
  byPath: Map<string, number>;
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The precompressed copy to send for `accept` (an Accept-Encoding header), or the file itself. */
export function chooseEncoding(file: string, accept: string): { path: string; encoding: 'br' | 'gzip' | null } {
  const accepted = new Set(accept.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase()));
  if (accepted.has('br') && isFile(`${file}.br`)) return { path: `${file}.br`, encoding: 'br' };
  if (accepted.has('gzip') && isFile(`${file}.gz`)) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file, encoding: null };
}

/** Serves `root` on a free localhost port (or `port`) and counts every byte it sends. */
export async function serveBuild(root: string, port = 0): Promise<{ url: string; server: Server; wire: WireCount }> {
  const wire: WireCount = { bytes: 0, requests: 0, inFlight: 0, lastActivity: performance.now(), byPath: new Map() };
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(normalize(root)) || !isFile(file)) file = join(root, 'index.html');
    const chosen = chooseEncoding(file, String(req.headers['accept-encoding'] ?? ''));
    const st = statSync(chosen.path);
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const fresh = req.headers['if-none-match'] === etag;
    const body = fresh ? Buffer.alloc(0) : readFileSync(chosen.path);
    const headers: Record<string, string> = {
      ETag: etag,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Content-Security-Policy': headerPolicy(`http://localhost${req.url ?? '/'}`),
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (chosen.encoding) headers['Content-Encoding'] = chosen.encoding;
    if (!fresh) headers['Content-Length'] = String(body.length);
    wire.requests += 1;
    wire.inFlight += 1;
    wire.lastActivity = performance.now();
    res.writeHead(fresh ? 304 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    res.on('close', () => {
      wire.inFlight -= 1;
      wire.lastActivity = performance.now();
      // The socket's count is per connection (keep-alive); count this response's own bytes instead.
      const sent = req.method === 'HEAD' ? 0 : body.length;
      wire.bytes += sent + headerBytes(headers);
      wire.byPath.set(pathname, (wire.byPath.get(pathname) ?? 0) + sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server, wire };
}

/** The bytes of a status line and these headers, as HTTP/1.1 writes them. */
function headerBytes(headers: Record<string, string>): number {
  let n = 'HTTP/1.1 200 OK\r\n'.length + 2;
  for (const [k, v] of Object.entries(headers)) n += k.length + 2 + Buffer.byteLength(v) + 2;
  return n;
}
