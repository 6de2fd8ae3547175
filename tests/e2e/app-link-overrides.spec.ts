/**
 * A link that changes the run's settings says so on the page: every `set=` and `fork=` change is
 * listed (as text, whatever it holds), in English and Korean, with a link to the same page without
 * them. A link without changes shows nothing.
 */
import { expect, test } from '@playwright/test';

const SET = ['executor.klCoef=0.05', 'proxy.gate=true'];
const FORK = '1:executor.klCoef=0.1';
/** A change that is markup: it must be shown as text, never become an element. */
const MARKUP = 'x.y=<img src=x onerror="window.__pwned=1">';

const query = (lang: 'en' | 'ko') =>
  `/?mode=replay&seed=3&${[...SET, MARKUP].map((s) => `set=${encodeURIComponent(s)}`).join('&')}&fork=${encodeURIComponent(FORK)}${lang === 'ko' ? '&lang=ko' : ''}`;

test('a link with settings changes lists them, and opens without them on request', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(query('en'));
  const notice = page.getByRole('complementary', { name: 'This link changes the run’s settings:' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice.locator('li[data-change]')).toHaveText([...SET, MARKUP]);
  await expect(notice.locator('li', { hasText: 'after iteration 1, as a fork:' })).toContainText('executor.klCoef=0.1');
  await expect(notice.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);

  await notice.getByRole('link', { name: 'Open the page without these changes' }).click();
  await expect(page).toHaveURL(/\/\?seed=3&mode=replay$/);
  await expect(page.locator('[data-testid="setup"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid="link-overrides"]')).toHaveCount(0);
});

test('a fork after more iterations than the Run box allows is refused (issue #58)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/?mode=replay&fork=${encodeURIComponent('100000000000000000000:executor.klCoef=0.1')}`);
  await expect(page.locator('main > p.problems[role="alert"]')).toContainText(
    'fork "100000000000000000000:executor.klCoef=0.1" asks for more iterations than a link may run (at most 50); it is skipped',
    { timeout: 60_000 },
  );
  await expect(page.locator('[data-testid="link-overrides"]')).toHaveCount(0);
});

test('in Korean, the same notice in Korean', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(query('ko'));
  const notice = page.getByRole('complementary', { name: '이 링크는 실행의 설정을 바꿉니다:' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('1번째 반복 뒤에 갈라서:');
  await expect(notice.getByRole('link', { name: '이 변경 없이 페이지 열기' })).toHaveAttribute(
    'href',
    '/?seed=3&lang=ko&mode=replay',
  );
});
