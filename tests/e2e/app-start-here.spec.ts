/**
 * "Start here" on the production build, in English and Korean at 1280×720: the first screen says
 * what the page, Step phase and the lesson are and starts the lesson; Lesson is a header button (not
 * under More); the settings give each preset one line and list the overrides' keys; hidden, the box
 * stays hidden after a reload.
 */
import { expect, test } from '@playwright/test';
import { EN } from '../../src/ui/text/en';
import { KO } from '../../src/ui/text/ko';
import { watchPage } from './app-checks';

for (const [lang, t] of [
  ['en', EN],
  ['ko', KO],
] as const)
  test(`start here: what the page is and how to start, the lesson a click away (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const seen = watchPage(page);
    await page.goto(`/?mode=replay&lang=${lang}`);
    const box = page.getByTestId('start-here');
    await expect(box).toBeInViewport();
    await expect(box.locator('h2')).toHaveText(t.classroom.start.title);
    await expect(box.locator('li')).toHaveCount(3);
    await expect(box.locator('li').first()).toContainText(t.controls.step);
    await expect(box.locator('li').nth(1)).toContainText(t.classroom.lessonButton);
    // Lesson is in the header's own row, visible without opening More.
    const lesson = page.locator('header .top > [data-action="lesson"]');
    await expect(lesson).toBeVisible();
    await expect(lesson).toHaveText(t.classroom.lessonButton);
    await expect(page.locator('details[data-testid="header-menu"] [data-action="lesson"]')).toHaveCount(0);

    // The settings: one line per preset, and every key an override may set, with the preset's value.
    await page.locator('details.settings > summary').click();
    await expect(page.getByTestId('preset-lines').locator('li')).toHaveCount(3);
    await expect(page.getByTestId('preset-lines')).toContainText(t.classroom.presetLines.tiny);
    const keys = page.getByTestId('override-keys');
    await keys.locator('summary').click();
    // The recorded run's own settings (classroom): four executor updates per batch, a pool of 32.
    await expect(keys.locator('li', { hasText: 'executor.updatesPerStep=4' })).toHaveCount(1);
    await expect(keys.locator('li', { hasText: 'pool.questions=32' })).toHaveCount(1);

    // Start the lesson from the box: screen 1, and the box no longer offers it.
    await box.locator('[data-action="start-lesson"]').click();
    await expect(page.locator('[data-lesson-step]')).toHaveAttribute('data-lesson-step', '1');
    await expect(box.locator('[data-action="start-lesson"]')).toHaveCount(0);
    // Hidden, it stays hidden.
    await box.locator('[data-action="hide-start-here"]').click();
    await expect(box).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-lesson-step]')).toHaveAttribute('data-lesson-step', '1');
    await expect(page.getByTestId('start-here')).toHaveCount(0);
    expect(seen.errors).toEqual([]);
  });
