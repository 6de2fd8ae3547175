/**
 * The headers the service worker adds (src/sw-isolation.ts): same-origin responses come back with
 * COOP/COEP and everything else of theirs kept; other origins' and opaque responses pass untouched.
 */
import { describe, expect, it } from 'vitest';
import { ISOLATION_HEADERS, withIsolation } from '../../src/sw-isolation';

const ORIGIN = 'https://lab.example';

function served(url: string, init: ResponseInit & { body?: string } = {}): Response {
  const response = new Response(init.body ?? 'body', init);
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

describe('withIsolation', () => {
  it('a same-origin response gets COOP same-origin and COEP require-corp, and keeps its status, headers and body', async () => {
    const out = withIsolation(
      served(`${ORIGIN}/assets/index.js`, {
        status: 203,
        statusText: 'Cached',
        headers: { 'Content-Type': 'text/javascript', 'Cross-Origin-Embedder-Policy': 'unsafe-none' },
        body: 'export {}',
      }),
      ORIGIN,
    );
    expect(out.headers.get('Cross-Origin-Opener-Policy')).toBe(ISOLATION_HEADERS['Cross-Origin-Opener-Policy']);
    expect(out.headers.get('Cross-Origin-Embedder-Policy')).toBe('require-corp');
    expect(out.headers.get('Content-Type')).toBe('text/javascript');
    expect([out.status, out.statusText]).toEqual([203, 'Cached']);
    expect(await out.text()).toBe('export {}');
  });

  it('a response built in the worker (no URL) is the worker’s own: isolated too', () => {
    expect(withIsolation(served(''), ORIGIN).headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it('another origin’s response is returned as it is', () => {
    const other = served('https://elsewhere.example/x.js');
    expect(withIsolation(other, ORIGIN)).toBe(other);
  });

  it('an opaque response (headers unreadable) is returned as it is', () => {
    const opaque = served(`${ORIGIN}/x`);
    Object.defineProperty(opaque, 'type', { value: 'opaque' });
    expect(withIsolation(opaque, ORIGIN)).toBe(opaque);
  });
});
