/**
 * Whether a user agent string is Gecko's: Firefox and its forks say `Gecko/<date>` (for example
 * `Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0`); Chromium and Safari
 * say `(KHTML, like Gecko)`, with no slash after it. Used where Firefox needs its own path
 * (wasm-threads.ts: the build without threads).
 */
export function isGecko(userAgent: string): boolean {
  return /\bGecko\/\d/.test(userAgent);
}
