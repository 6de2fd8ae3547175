import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../../../config/precompress';
import { serveBuild } from '../../../../scripts/first-visit/serve';

/** One GET with these headers: status, headers, the raw body bytes as sent. */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the build served the way the deployment guide says', () => {
  const root = mkdtempSync(join(tmpdir(), 'agent0-serve-'));
  // 40,000 bytes of a repeating JSON line: any compressor takes it below a tenth.
  const text = Buffer.from('{"phase":"curriculum-reward","value":0.25}\n'.repeat(930));
  // Random bytes do not compress: no copy is worth keeping.
  const random = randomBytes(4096);
  let served: Awaited<ReturnType<typeof serveBuild>>;

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(root, 'run.json'), text);
    writeFileSync(join(root, 'noise.wasm'), random);
    await precompressFile(join(root, 'run.json'));
    await precompressFile(join(root, 'noise.wasm'));
    served = await serveBuild(root);
  });
  afterAll(() => served.server.close());

  it('sends the Brotli copy to a browser that accepts it, and it decodes to the file', async () => {
    const r = await get(`${served.url}/run.json`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body.length).toBeLessThan(text.length / 10);
    expect(brotliDecompressSync(r.body).equals(text)).toBe(true);
  });

  it('sends gzip where only gzip is accepted, and the file itself where nothing is', async () => {
    const gz = await get(`${served.url}/run.json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(text)).toBe(true);
    const plain = await get(`${served.url}/run.json`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(text)).toBe(true);
  });

  it('writes no copy of a file that does not compress, and sends it as it is', async () => {
    const r = await get(`${served.url}/noise.wasm`, { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.equals(random)).toBe(true);
  });

  it('answers a revalidation with 304 and no body, and sends the isolation headers', async () => {
    const first = await get(`${served.url}/run.json`, { 'accept-encoding': 'br' });
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(`${served.url}/run.json`, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('counts the body bytes it sent, each response once', async () => {
    const before = served.wire.byPath.get('/run.json') ?? 0;
    const r = await get(`${served.url}/run.json`, { 'accept-encoding': 'gzip' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((served.wire.byPath.get('/run.json') ?? 0) - before).toBe(r.body.length);
  });
});
