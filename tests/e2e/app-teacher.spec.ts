/**
 * The teacher page (`?teacher=1`) on the production build, in English and Korean: goals, a plan that
 * names the lesson's screens, the answer key of the shipped recording's four predictions (each
 * right answer checked against the recording's own records), every link parameter, and what to do
 * without WebGPU or a network; it prints without its buttons.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PhaseRecord, RecordOf } from '../../src/engine/loop/trace';
import { LINK_PARAMETERS } from '../../src/ui/lib/link-parameters';
import { EN } from '../../src/ui/text/en';
import { KO } from '../../src/ui/text/ko';
import { watchPage } from './app-checks';

const trace = (JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as { trace: PhaseRecord[] }).trace;
const first = <P extends PhaseRecord['phase']>(phase: P) => trace.find((r) => r.phase === phase) as RecordOf<P>;

for (const [lang, t] of [
  ['en', EN],
  ['ko', KO],
] as const)
  test(`the teacher page: plan, answer key from the recording, parameters (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const seen = watchPage(page);
    await page.goto(`/?teacher=1&lang=${lang}`);
    const teacher = page.getByTestId('teacher-page');
    await expect(teacher.locator('h1')).toHaveText(t.teacher.title);
    await expect(teacher.locator('ol > li')).toHaveCount(t.teacher.goals.length);
    // The plan names every screen of the lesson once, by number and title.
    const planned = await page.getByTestId('teacher-plan').locator('tbody td:nth-child(2) div').allTextContents();
    expect(planned).toHaveLength(17);
    expect(planned[3]).toBe(`4. ${t.classroom.lesson.screens['predict-reward'].title}`);
    await expect(teacher).toContainText(t.teacher.keys);

    const answers = page.getByTestId('teacher-answer');
    await expect(answers).toHaveCount(4);
    expect(await answers.evaluateAll((a) => a.map((x) => x.getAttribute('data-step')))).toEqual(['4', '6', '9', '11']);
    // Screen 11: the first update of iteration 1 at which a token was clipped, from the recording.
    const updates = first('executor-update').stats!.updates;
    const k = updates.findIndex((u) => u.clipLowFrac + u.clipHighFrac + u.dualClipFrac > 0);
    await expect(answers.nth(3)).toHaveAttribute('data-right', k < 0 ? 'none' : `u${k + 1}`);
    // Screen 4: the offered rollout with the highest total reward of iteration 1's first step.
    const offered = (await answers
      .nth(0)
      .locator('button[data-choice]')
      .evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-choice')!.slice(1))))) as number[];
    const totals = offered.map((r) => first('curriculum-reward').parts.find((p) => p.rollout === r)!.total);
    const best = offered.filter((_, i) => totals[i] === Math.max(...totals)).map((r) => `r${r}`);
    await expect(answers.nth(0)).toHaveAttribute('data-right', best.join(' '));
    for (let i = 0; i < 4; i++) await expect(answers.nth(i).locator('[data-reveal]')).toBeVisible();

    const rows = page.getByTestId('teacher-parameters').locator('tbody tr');
    await expect(rows).toHaveCount(LINK_PARAMETERS.length);
    await expect(rows.filter({ hasText: 'teacher' })).toContainText(t.teacher.parameters.teacher);
    await expect(teacher).toContainText(t.teacher.offline[0]!);
    // Printed, the buttons go.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-action="teacher-print"]')).toBeHidden();
    expect(seen.errors).toEqual([]);
  });
