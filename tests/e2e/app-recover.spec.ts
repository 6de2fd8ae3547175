/**
 * The training worker dies in a live run (terminated, as the browser does to a worker out of
 * memory: no error event, just silence). The engine kept a checkpoint in IndexedDB after the
 * iteration it finished; the page notices the silence at the next command, says so, and resumes
 * from that checkpoint in a new worker: the same trace, and the run goes on.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PhaseRecord } from '../../src/engine/loop/trace';
import { openMenu, receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * Whether IndexedDB holds the automatic checkpoint (read straight from the database). A database
 * not made yet is left unmade (its creation is aborted), and the connection is closed: a probe that
 * made an empty database at version 1 would keep the engine from ever adding its store, and the
 * engine writes its checkpoint after the run is idle, so the probe can come first.
 */
async function checkpointBytes(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('agent0-lab');
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onsuccess = () => {
          const db = req.result;
          const done = (bytes: number) => {
            db.close();
            resolve(bytes);
          };
          if (!db.objectStoreNames.contains('runs')) return done(0);
          const get = db.transaction('runs').objectStore('runs').get('agent0-lab-autosave');
          get.onsuccess = () => done((get.result as Uint8Array | undefined)?.byteLength ?? 0);
          get.onerror = () => done(0);
        };
        req.onerror = () => resolve(0);
      }),
  );
}

const where = (trace: PhaseRecord[]) => trace.map((r) => `${r.iteration}.${r.step} ${r.phase}`);

test('a dead training worker is said plainly, and the run resumes from the last checkpoint', async ({ page }) => {
  test.setTimeout(420_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });

  await page.keyboard.press('i');
  await waitForRecords(page, 10, 300_000);
  await expect.poll(() => checkpointBytes(page), { timeout: 30_000 }).toBeGreaterThan(1000);
  const before = where(await receivedTrace(page));
  expect(before.at(-1)).toMatch(/^1\.\d+ evaluation$/);

  await page.evaluate(() => window.__agent0EngineWorker?.terminate());
  await page.keyboard.press('s');
  await expect(page.locator('[data-testid="engine-stopped"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid="status"]')).toContainText('stopped answering');
  await expect(page.locator('[data-action="step"]')).toBeDisabled();

  await page.locator('[data-action="resume"]').click();
  await expect(page.locator('.notice')).toContainText('Loaded the saved run', { timeout: 120_000 });
  await expect(page.locator('[data-testid="engine-stopped"]')).toHaveCount(0);
  expect(where(await receivedTrace(page))).toEqual(before);

  await page.keyboard.press('s');
  await waitForRecords(page, 11, 120_000);
  const next = (await receivedTrace(page))[10];
  expect(next?.phase).toBe('questioner-rollouts');
  expect(next?.iteration).toBe(2);
  expect(seen.errors).toEqual([]);
});

test('a run file round-trips, and a corrupt or foreign file is refused with the run on screen kept', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });

  // Save file, then open what was downloaded: the same (empty) run comes back.
  const download = page.waitForEvent('download');
  await openMenu(page);
  await page.locator('[data-action="save-file"]').click();
  const saved = await (await download).path();
  expect(saved).toBeTruthy();
  await page.locator('[data-action="load-file-input"]').setInputFiles(saved as string);
  await expect(page.locator('.notice')).toContainText('Loaded the saved run', { timeout: 60_000 });

  await page.keyboard.press('s');
  await waitForRecords(page, 1, 120_000);
  const before = where(await receivedTrace(page));

  const damaged = readFileSync(saved as string);
  const middle = Math.floor(damaged.length / 2);
  damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
  const refusals: [name: string, bytes: Buffer, why: RegExp][] = [
    ['broken.a0run', Buffer.from('this is not a run checkpoint'), /not an Agent0 Lab run file/],
    ['base.a0run', readFileSync('public/models/base.a0lm'), /not an Agent0 Lab run file/],
    ['damaged.a0run', damaged, /checksum does not match/],
  ];
  for (const [name, buffer, why] of refusals) {
    await page
      .locator('[data-action="load-file-input"]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    const refused = page.locator('[data-testid="refused"]');
    await expect(refused).toContainText(name, { timeout: 60_000 });
    await expect(refused).toContainText(why);
    expect(where(await receivedTrace(page))).toEqual(before);
    await expect(page.locator('[data-action="step"]')).toBeEnabled();
  }

  await page.keyboard.press('s');
  await waitForRecords(page, 2, 120_000);
  await expect(page.locator('[data-testid="refused"]')).toHaveCount(0);
  expect((await receivedTrace(page))[1]?.phase).toBe('contract-parsing');
  expect(seen.errors).toEqual([]);
});
