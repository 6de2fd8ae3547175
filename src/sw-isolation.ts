/** The cross-origin isolation headers the service worker adds (src/sw.ts). */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

/**
 * `response` with COOP `same-origin` and COEP `require-corp` set, when it comes from `origin` (the
 * service worker's); other responses, opaque ones (whose headers cannot be read) and redirects pass
 * unchanged. The body is streamed, not copied.
 */
export function withIsolation(response: Response, origin: string): Response {
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  if (response.url !== '' && new URL(response.url).origin !== origin) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
