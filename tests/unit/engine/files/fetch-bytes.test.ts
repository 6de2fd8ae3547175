/**
 * A file fetched with its bytes reported as they come (src/engine/files/fetch-bytes.ts), over a
 * stubbed `fetch` whose body arrives in chunks chosen here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBytes } from '../../../../src/engine/files/fetch-bytes';

/** A response whose body is `chunks`, with these headers. */
function respond(chunks: number[][], headers: Record<string, string>, status = 200): void {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new Uint8Array(c));
      controller.close();
    },
  });
  vi.stubGlobal('fetch', async () => new Response(status === 200 ? body : null, { status, headers }));
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchBytes', () => {
  it('reports bytes of the Content-Length as each chunk arrives, and returns them in order', async () => {
    respond([[1, 2, 3], [4, 5], [6]], { 'content-length': '6' });
    const seen: [number, number | null][] = [];
    const r = await fetchBytes(new URL('http://x/m'), (done, total) => seen.push([done, total]));
    expect(r.ok && [...r.bytes]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual([
      [0, 6],
      [3, 6],
      [5, 6],
      [6, 6],
    ]);
  });

  it('gives no total for an encoded body (its length counts other bytes), then the bytes received', async () => {
    respond([[9, 9], [9]], { 'content-length': '2', 'content-encoding': 'gzip' });
    const seen: [number, number | null][] = [];
    await fetchBytes(new URL('http://x/m'), (done, total) => seen.push([done, total]));
    expect(seen).toEqual([
      [0, null],
      [2, null],
      [3, null],
      [3, 3],
    ]);
  });

  it('returns the status of a failed response and reads nothing', async () => {
    respond([], {}, 404);
    const seen: number[] = [];
    expect(await fetchBytes(new URL('http://x/m'), (done) => seen.push(done))).toEqual({ ok: false, status: 404 });
    expect(seen).toEqual([]);
  });
});
