/**
 * The test hooks (`window.__agent0Trace`, `window.__agent0EngineWorker`, the engine worker's
 * `__agent0GpuDevice`) exist only in a browser driven by automation: Playwright, puppeteer and
 * WebDriver set `navigator.webdriver`. The production build the tests run is the one readers get,
 * and a reader's page exposes none of them.
 */
export const testHooks: boolean =
  typeof navigator !== 'undefined' && (navigator as Navigator & { webdriver?: boolean }).webdriver === true;
