/**
 * The Content-Security-Policy of the page: only this origin's scripts, styles, fonts, workers and
 * requests; WebAssembly compiled from this origin's files ('wasm-unsafe-eval', for tfjs and
 * Pyodide), no plugins, no <base>, no forms. Shipped twice:
 *
 * - as a <meta> tag in the built index.html, so every static host enforces it on the page;
 * - as a header from the Vite dev and preview servers (configureServer / configurePreviewServer),
 *   which also covers the dedicated workers (a <meta> policy does not reach workers; a host should
 *   send the header for every file: see the README, "Deploying").
 *
 * What the app needs beyond `'self'`, and why:
 * - script-src / worker-src `blob:`: tfjs's threaded WASM backend starts its pthread workers from
 *   blob URLs made in the engine worker (the script text of config/tfjs-wasm-pthreads.ts);
 * - style-src 'unsafe-inline': Svelte writes `style` attributes and KaTeX sets inline styles on
 *   every formula (no script runs from a style);
 * - img-src / font-src `data:`: KaTeX's and the fonts' CSS may inline small images and fonts.
 * Test harness pages of the dev server (/tests/…, inline module scripts) are served without it.
 *
 * Who may show the page in a frame (`frame-ancestors`, header only: browsers ignore it in a <meta>
 * policy): the embed view (`?embed=FIGURE`: one figure of the recorded run and its step buttons,
 * nothing a hidden click could misuse) may be framed by any site, so a course page can show it; every
 * other view (Save, Open file, forks, the lesson) by none, against clickjacking. The page renders the
 * embed view for exactly the addresses that carry `embed`, so the two rules cover the same pages.
 */
import type { Plugin } from 'vite';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The `frame-ancestors` directive for a request's URL (path and query): `*` for the embed view, else `'none'`. */
export function frameAncestors(url: string): string {
  return new URL(url, 'http://localhost').searchParams.has('embed') ? 'frame-ancestors *' : "frame-ancestors 'none'";
}

/**
 * `response` (a page the service worker answers a navigation with: the cached index.html, whose
 * header carries the rule of /index.html) with the framing rule of the address asked for, `url`.
 * A response without a policy header (a static host that sends none) passes unchanged.
 */
export function withFramingRule(response: Response, url: string): Response {
  const policy = response.headers.get('Content-Security-Policy');
  if (policy === null) return response;
  const headers = new Headers(response.headers);
  const rule = frameAncestors(url);
  const framing = /frame-ancestors [^;]*/;
  headers.set('Content-Security-Policy', framing.test(policy) ? policy.replace(framing, rule) : `${policy}; ${rule}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The policy a server sends as a header for a request's URL: the page's policy and its framing rule. */
export function headerPolicy(url: string): string {
  return `${CONTENT_SECURITY_POLICY}; ${frameAncestors(url)}`;
}

/** The policy as a header on the dev and preview servers, and as a <meta> tag in the built page. */
export function contentSecurityPolicy(): Plugin {
  const header = (url: string | undefined) => !(url ?? '').startsWith('/tests/');
  return {
    name: 'agent0-content-security-policy',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (header(req.url)) res.setHeader('Content-Security-Policy', headerPolicy(req.url ?? '/'));
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        res.setHeader('Content-Security-Policy', headerPolicy(req.url ?? '/'));
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html, ctx) =>
        ctx.server
          ? html
          : [
              {
                tag: 'meta',
                attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
                injectTo: 'head-prepend',
              },
            ],
    },
  };
}
