/**
 * "Export for UNIPO": the page downloads the run on screen in UNIPO's run-log format, a recorded run
 * (the whole recording, the same file `npm run simulate -- --run FILE --unipo OUT` writes) and a live
 * one (every update so far), each with UNIPO's required fields and the trace's numbers.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { asRecordedRun } from '../../src/engine/files/recording';
import type { RecordOf } from '../../src/engine/loop/trace';
import { encodeUnipo, type UnipoRunLog } from '../../src/engine/files/unipo';
import { unipoProblems } from '../unit/engine/files/unipo-schema';
import { openMenu, receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/** Click the export button and read the file the page hands over. */
async function exportUnipo(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await openMenu(page);
  await page.locator('[data-action="export-unipo"]').click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path as string, 'utf8') };
}

test('a recorded run exports for UNIPO, in English and in Korean', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = watchPage(page);
  const run = asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));
  await page.goto('/?mode=replay');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', `recorded · ${run.backend}`, {
    timeout: 120_000,
  });
  // The button is in the header's menu.
  await openMenu(page);
  const button = page.getByRole('button', { name: 'Export for UNIPO' });
  await expect(button).toBeEnabled();
  const { name, text } = await exportUnipo(page);
  expect(name).toBe('agent0-lab-unipo.json');
  await expect(page.locator('[data-testid="notice"]')).toHaveText('Downloaded the run for UNIPO');
  const log = JSON.parse(text) as UnipoRunLog;
  expect(unipoProblems(log)).toEqual([]);
  // The whole recording: 8 iterations, each with 4 questioner updates per curriculum step and 4
  // executor updates.
  expect(log.entries).toHaveLength(8 * (4 * run.config.questioner.steps + 4));
  expect(text).toBe(encodeUnipo(run));
  // One token by hand: the first sampled questioner response's third token carries the advantage
  // of sequence 0 of group 0 in the recording's first questioner update.
  const q = run.trace.find((r) => r.phase === 'questioner-update') as RecordOf<'questioner-update'>;
  const response = log.entries[0]?.prompts?.[0]?.responses[0];
  expect(response?.tokens.strings[2]).toBe(q.stats.tokens[0]?.pieces[3]);
  expect(response?.tokens.advantages[2]).toBe(q.stats.groups[0]?.advantages[0]);
  expect((response?.tokens as unknown as Record<string, unknown>).log_probs).toBeUndefined();

  await page.goto('/?mode=replay&lang=ko');
  await openMenu(page);
  await expect(page.getByRole('button', { name: 'UNIPO용 내보내기' })).toBeEnabled({ timeout: 120_000 });
  const korean = await exportUnipo(page);
  expect(korean.text).toBe(text);
  await expect(page.locator('[data-testid="notice"]')).toHaveText('UNIPO용 실행 기록을 내려받았습니다');
  expect(seen.errors).toEqual([]);
});

test('a live run exports every update so far for UNIPO', async ({ page }) => {
  test.setTimeout(400_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await page.locator('[data-action="iteration"]').click();
  await waitForRecords(page, 10, 300_000);
  const trace = await receivedTrace(page);
  const updates = trace.flatMap((r) =>
    r.phase === 'questioner-update' ? [r.stats] : r.phase === 'executor-update' && r.stats ? [r.stats] : [],
  );
  const { text } = await exportUnipo(page);
  const log = JSON.parse(text) as UnipoRunLog;
  expect(unipoProblems(log)).toEqual([]);
  expect(log.entries).toHaveLength(updates.reduce((n, s) => n + s.updates.length, 0));
  expect(log.header.agent0_lab.backend).toBe('wasm');
  // By hand: the first entry's objective is −pgLoss of the first update the page received, and the
  // first sampled response's first token carries its group's first advantage.
  const first = updates[0];
  expect(log.entries[0]?.metrics.policy_objective).toBe(-(first?.updates[0]?.pgLoss ?? NaN));
  const response = log.entries[0]?.prompts?.[0]?.responses[0];
  expect(response?.tokens.advantages[0]).toBe(first?.groups[0]?.advantages[0]);
  expect(response?.reward).toBe(first?.groups[0]?.rewards[0]);
  await expect(page.locator('[data-testid="notice"]')).toHaveText('Downloaded the run for UNIPO');
  expect(seen.errors).toEqual([]);
});
