/**
 * The Preferences dialog (issue 61): opened by the header's button or the "," key (not while typing
 * in a field), a modal dialog named by its title, whose Tab cycles inside it and whose Escape closes
 * it with the focus back where it was. Every choice — language, projector, text size, pace, follow
 * the phase, preset — applies at once and goes into the address, so a reload (a shared link) keeps
 * it. Keys and mouse, English and Korean, on the production build.
 */
import { expect, type Page, test } from '@playwright/test';

async function ready(page: Page): Promise<void> {
  await expect(page.locator('[data-action="run"]')).toBeEnabled({ timeout: 120_000 });
}

test('keys: "," opens it, Tab stays inside, the choices go into the address, Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?mode=replay');
  await ready(page);
  const dialog = page.getByRole('dialog', { name: 'Preferences' });

  // "," typed in a field is text, not a shortcut.
  await page.locator('header input[type="number"]').focus();
  await page.keyboard.press(',');
  await expect(dialog).toBeHidden();

  await page.locator('[data-action="step"]').focus();
  await page.keyboard.press(',');
  await expect(dialog).toBeVisible();
  await expect(page.locator('dialog[data-testid="preferences"]')).toHaveAttribute('aria-describedby', 'prefs-intro');
  // Tab 30 times: the focus never leaves the dialog.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
  }
  // Shift+Tab from the first stop goes to the last.
  await page.locator('[data-action="preferences-close"]').focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);

  // Projector: Space on its box.
  await page.locator('[data-pref="projector"]').focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/projector=1/);
  await expect(page.locator('html')).toHaveClass(/projector/);
  // Text size: the arrow keys move through the radio group.
  await page.locator('[data-pref="text"][value="100"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/text=125/);
  // Pace: "pause after each phase"; the header's menu shows the same.
  await page.locator('[data-pref="pace"][value="continuous"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/pace=each-phase/);
  await expect(page.locator('[data-action="pace"]')).toHaveValue('each-phase');
  // Follow the phase off.
  await page.locator('[data-pref="follow"]').focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/follow=0/);
  // The recorded run keeps its preset: the presets cannot be chosen here, and say why.
  await expect(page.locator('[data-pref="preset"]').first()).toBeDisabled();
  await expect(dialog).toContainText('The recorded run keeps the preset it was recorded with');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-action="step"]')).toBeFocused();

  // A reload (a shared link) keeps every choice.
  await page.reload();
  await ready(page);
  await expect(page.locator('html')).toHaveClass(/projector/);
  await expect(page.locator('[data-action="pace"]')).toHaveValue('each-phase');
  // 125 % of the projector's 1.25 vw: 1280 · 0.0125 · 1.25 = 20 px.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
  await page.keyboard.press(',');
  await expect(page.locator('[data-pref="follow"]')).not.toBeChecked();
  await expect(page.locator('[data-pref="text"][value="125"]')).toBeChecked();
});

test('mouse, 한국어: the header button opens it, language and preset apply, Close closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?lang=ko&projector=1');
  await expect(page.locator('[data-action="preferences"]')).toBeVisible({ timeout: 120_000 });
  await page.locator('[data-action="preferences"]').click();
  const dialog = page.getByRole('dialog', { name: '환경설정' });
  await expect(dialog).toBeVisible();
  // Each preset has one line on what it is for.
  await expect(dialog).toContainText('tiny — 가장 작은 실행');
  await expect(dialog).toContainText('faithful — 작은 배치에서 Agent0의 비율 그대로');
  // A preset restarts the live run from the address, the other choices kept.
  await page.locator('[data-pref="preset"][value="tiny"]').click();
  await expect(page).toHaveURL(/preset=tiny/);
  await expect(page).toHaveURL(/projector=1/);
  await expect(page).toHaveURL(/lang=ko/);
  await expect(page.locator('[data-action="preferences"]')).toBeVisible({ timeout: 120_000 });
  await page.locator('[data-action="preferences"]').click();
  await expect(page.locator('[data-pref="preset"][value="tiny"]')).toBeChecked();
  // English: the page and the dialog change language at once.
  await page.locator('[data-pref="lang"][value="en"]').click();
  await expect(page).not.toHaveURL(/lang=ko/);
  await expect(page.getByRole('dialog', { name: 'Preferences' })).toBeVisible();
  await page.locator('[data-action="preferences-close"]').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('[data-action="preferences"]')).toBeFocused();
});

test('an unknown value in the address is refused in the page’s language, and the default is used', async ({ page }) => {
  await page.goto('/?mode=replay&lang=ko&text=300&pace=fast');
  await expect(page.locator('.problems')).toContainText(
    '글자 크기 "300"는 100, 125, 150 중 하나가 아니어서 기본값을 씁니다',
  );
  await expect(page.locator('.problems')).toContainText('진행 속도 "fast"는');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
});
