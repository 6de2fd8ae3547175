/**
 * The whole guided lesson run from a presenter remote, on the production build: key presses only
 * (Next = →, Page Down or Space; Back = ←, Page Up; digits answer), `?mode=replay&lesson=1&projector=1`,
 * at 1280×720 and 1920×1080, in English and Korean. Every screen, once reached and settled, shows a
 * figure with data, or (a prediction still open) says on the screen which key runs the phase that
 * fills it; every answer is on screen without scrolling; a digit picks the answer; Back never runs a
 * phase; the co-evolution screens say "no measurable change" where the recording's change is inside
 * two standard errors (the shipped Table 5: 81.3 % → 89.2 %, +8.0 points on 32 and 32 questions, 2 SE =
 * 2·√(0.813·0.187/32 + 0.892·0.108/32) = 17.6 points).
 */
import { expect, type Page, test } from '@playwright/test';
import { EN } from '../../src/ui/text/en';
import { KO } from '../../src/ui/text/ko';
import { LESSON_SCREENS } from '../../src/ui/classroom/lesson-screens';
import { receivedTrace, watchPage } from './app-checks';

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];
const TEXT = { en: EN, ko: KO } as const;

const panel = (page: Page) => page.locator('[data-lesson-step]');
const hint = (page: Page) => page.getByTestId('lesson-next-hint');

/** Wait until the lesson is not stepping the run (Next has something to do other than wait). */
async function settled(page: Page): Promise<string> {
  await expect(hint(page)).not.toHaveAttribute('data-next', 'wait', { timeout: 30_000 });
  return (await hint(page).getAttribute('data-next'))!;
}

/** The figure the screen outlines: its data-empty, and whether it shows the empty-figure text. */
async function focused(page: Page, emptyText: string): Promise<{ empty: string | null; saysEmpty: boolean }> {
  const figure = page.locator('figure.lesson-focus');
  await expect(figure).toHaveCount(1);
  return {
    empty: await figure.getAttribute('data-empty'),
    saysEmpty: (await figure.innerText()).includes(emptyText),
  };
}

for (const lang of ['en', 'ko'] as const)
  for (const viewport of VIEWPORTS)
    test(`the whole lesson runs on Next, Back and digits alone (${lang}, ${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const t = TEXT[lang];
      await page.setViewportSize(viewport);
      const seen = watchPage(page);
      await page.goto(`/?mode=replay&lesson=1&projector=1&lang=${lang}`);
      await expect(panel(page)).toHaveAttribute('data-lesson-step', '1');
      await expect(page.locator('[data-testid="status"]')).toHaveText(t.status.ready);
      // Keys go to the page, not to a focused control.
      await page.locator('h1').click();

      const nextKeys = ['PageDown', 'ArrowRight', 'Space'];
      let answeredByDigit = 0;
      for (let step = 1; step <= LESSON_SCREENS.length; step++) {
        const screen = LESSON_SCREENS[step - 1]!;
        await expect(panel(page)).toHaveAttribute('data-lesson-step', String(step));
        let action = await settled(page);
        if (screen.predict) {
          // The question is open; the figure fills once the deciding phase runs, and the panel says which key does it.
          expect(action, `screen ${step}`).toBe('reveal');
          await expect(hint(page)).toContainText(t.classroom.lesson.nextHint.reveal);
          const choices = panel(page).locator('button[data-choice]');
          const count = await choices.count();
          expect(count).toBeGreaterThanOrEqual(2);
          expect(count).toBeLessThanOrEqual(9);
          for (let i = 0; i < count; i++)
            await expect(choices.nth(i), `screen ${step}, choice ${i + 1}`).toBeInViewport();
          // Half the predictions are answered by a digit (the last choice), the others revealed by Next alone.
          if (step % 2 === 0) {
            await page.keyboard.press(String(count));
            await expect(choices.nth(count - 1)).toHaveAttribute('aria-pressed', 'true');
            answeredByDigit++;
          } else await page.keyboard.press('PageDown');
          await expect(panel(page).locator('[data-reveal]')).toBeVisible({ timeout: 30_000 });
          action = await settled(page);
        }
        if (screen.phase !== null || screen.view !== 'loop') {
          const figure = await focused(page, t.status.noRun);
          expect(figure, `screen ${step} (${screen.id})`).toEqual({ empty: 'false', saysEmpty: false });
        }
        await expect(panel(page).locator('.actions span')).toHaveCount(0);
        if (screen.id === 'table5') {
          await expect(page.getByTestId('coevolution-finding')).toContainText(
            lang === 'en' ? 'shows no measurable change: +8.0 points' : '측정할 만한 변화가 없습니다(+8.0%p',
          );
          await expect(page.getByTestId('coevolution-finding')).not.toContainText(
            lang === 'en' ? 'rises' : '올라갑니다',
          );
        }
        if (screen.id === 'level-mix') await expect(page.getByTestId('level-mix-finding')).toBeVisible();
        if (screen.id === 'pool-contrast') await expect(page.getByTestId('pool-contrast-finding')).toBeVisible();

        if (step === 7) {
          // Back never runs a phase: two screens back and forward again, the trace is unchanged.
          const before = (await receivedTrace(page)).length;
          await page.keyboard.press('PageUp');
          await page.keyboard.press('ArrowLeft');
          await expect(panel(page)).toHaveAttribute('data-lesson-step', '5');
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowRight');
          await expect(panel(page)).toHaveAttribute('data-lesson-step', '7');
          expect((await receivedTrace(page)).length).toBe(before);
          action = await settled(page);
        }
        if (step === LESSON_SCREENS.length) expect(action).toBe('none');
        else {
          expect(action, `screen ${step}`).toBe('next-screen');
          await page.keyboard.press(nextKeys[step % nextKeys.length]!);
        }
      }
      expect(answeredByDigit).toBe(2);
      // Keys typed into a field stay in the field: the lesson does not move.
      await page.locator('header input[type="number"]').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('1');
      await expect(panel(page)).toHaveAttribute('data-lesson-step', String(LESSON_SCREENS.length));
      expect(seen.errors).toEqual([]);
    });
