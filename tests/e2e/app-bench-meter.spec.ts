/**
 * The bench's meter (src/ui/state/bench-meter.ts, src/engine/phase-meter.ts) on the production build:
 * off in a page the bench did not flag, though it runs under automation — no entries, the worker is
 * not asked to meter and its records carry no meter; on when the bench sets its flag before the
 * page's scripts run — the page keeps an entry per message, and a record's entry carries the
 * worker's meter of that phase's tool calls.
 */
import { expect, type Page, test } from '@playwright/test';
import type { PageEntry } from '../../src/ui/state/bench-meter';
import { waitForRecords } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

declare global {
  interface Window {
    /** What this spec saw cross the page's engine worker: commands sent, and each record's keys. */
    __seen?: { init: unknown[]; recordKeys: string[][] };
  }
}

/** Watch the engine worker's `init` command and the keys of each `record` event, before the app starts. */
async function watchWorker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = (window.__seen = { init: [] as unknown[], recordKeys: [] as string[][] });
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      if ((message as { type?: string }).type === 'init') seen.init.push(message);
      return (post as (...args: unknown[]) => void).call(this, message, ...rest);
    };
    const onmessage = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage')!;
    Object.defineProperty(Worker.prototype, 'onmessage', {
      get() {
        return onmessage.get!.call(this);
      },
      set(handle: ((e: MessageEvent) => void) | null) {
        onmessage.set!.call(this, (e: MessageEvent) => {
          if ((e.data as { type?: string }).type === 'record') seen.recordKeys.push(Object.keys(e.data as object));
          handle?.(e);
        });
      },
    });
  });
}

async function stepOnce(page: Page): Promise<void> {
  await page.goto('/?preset=tiny&backend=wasm');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 120_000 });
  await page.locator('[data-action="step"]').click();
  await waitForRecords(page, 1, 180_000);
}

test('without the bench’s flag the page keeps no entries and the worker meters nothing', async ({ page }) => {
  test.setTimeout(300_000);
  await watchWorker(page);
  await stepOnce(page);
  expect(await page.evaluate(() => window.__agent0Bench)).toBeUndefined();
  const seen = await page.evaluate(() => window.__seen!);
  expect(seen.init).toHaveLength(1);
  expect(seen.init[0]).toMatchObject({ type: 'init', benchMeter: false });
  expect(seen.recordKeys).toEqual([['type', 'record', 'position']]);
});

test('with the bench’s flag the page times each message and a record carries its tool calls', async ({ page }) => {
  test.setTimeout(300_000);
  await watchWorker(page);
  await page.addInitScript(() => {
    window.__agent0BenchWanted = true;
  });
  await stepOnce(page);
  const seen = await page.evaluate(() => window.__seen!);
  expect(seen.init[0]).toMatchObject({ type: 'init', benchMeter: true });
  expect(seen.recordKeys).toEqual([['type', 'record', 'position', 'meter']]);
  const entries = (await page.evaluate(() => window.__agent0Bench)) as PageEntry[];
  const types = entries.map((e) => e.type);
  for (const type of ['ready', 'ack', 'baseline', 'record', 'idle', 'frame']) expect(types).toContain(type);
  const record = entries.find((e) => e.type === 'record')!;
  expect(record).toMatchObject({ phase: 'questioner-rollouts', iteration: 1 });
  expect(record.engineMs).toBeGreaterThan(0);
  // Questioner rollouts call the tool: two messages a call, the Python time within the phase's.
  expect(record.meter!.toolCalls).toBeGreaterThan(0);
  expect(record.meter!.messages).toBe(2 * record.meter!.toolCalls);
  expect(record.meter!.pythonMs).toBeGreaterThan(0);
  expect(record.meter!.pythonMs).toBeLessThanOrEqual(record.engineMs!);
});
