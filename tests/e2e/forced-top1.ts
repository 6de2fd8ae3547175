/**
 * Forced decoding in the production page (issue #62 item 4): the engine worker's `forced-top1`
 * command (src/engine/worker.ts, model/bench/forced-set.ts) answers the executor's top-1 tokens over
 * the held-out set on the page's backend. Used by the agreement spec (app-agreement.spec.ts) and
 * the bench (scripts/bench/agreement.bench.ts), in Chromium through Playwright and in Firefox
 * through puppeteer-core: `page` needs only what both drivers' pages have.
 */
export interface ForcedTop1 {
  backend: string;
  iteration: number;
  top1: number[][];
  answers: number[][];
}

/** What this needs of a page, Playwright's or puppeteer's. */
export interface TopPage {
  goto(url: string): Promise<unknown>;
  waitForSelector(selector: string, options: { timeout: number }): Promise<unknown>;
  evaluate(script: string): Promise<unknown>;
}

/** Opens `origin` live on `backend` (tiny preset) and asks its engine worker for its top-1 tokens. */
export async function pageTop1(page: TopPage, origin: string, backend: string, timeout = 300_000): Promise<ForcedTop1> {
  await page.goto(`${origin}/?preset=tiny&seed=1&lang=en&backend=${backend}`);
  await page.waitForSelector('[data-action="iteration"]:enabled', { timeout });
  return (await page.evaluate(ASK_WORKER)) as ForcedTop1;
}

/**
 * The page's side, as source text: tsx (which runs the specs and the bench) names functions with a
 * helper (`__name`) that the page does not have, so a function would not survive the trip.
 */
const ASK_WORKER = `new Promise((resolve, reject) => {
  const worker = window.__agent0EngineWorker;
  if (!worker) return reject(new Error('no engine worker on the page (test hooks are off)'));
  worker.addEventListener('message', function answer(e) {
    if (e.data?.type !== 'forced-top1' && e.data?.type !== 'error') return;
    worker.removeEventListener('message', answer);
    if (e.data.type === 'error') reject(new Error(e.data.message));
    else resolve(e.data);
  });
  worker.postMessage({ type: 'forced-top1' });
})`;
