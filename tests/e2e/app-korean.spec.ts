/**
 * The page in Korean: after every phase of the recorded run's first iteration has filled its
 * chapter (and the repair chapter has loaded its recording), no English word is left in the visible
 * text, in an aria label or in a title. Allowed: names and symbols (Agent0, GRPO, KL, top-p…),
 * settings keys and values (preset, backend and variant names), code (`code`, `pre`, `cite` of a
 * work's title), formula TeX (KaTeX), and the models' own text, which the test takes from the
 * trace the page received.
 */
import { expect, type Page, test } from '@playwright/test';
import { PHASES } from '../../src/engine/trace';
import { receivedTrace, waitForRecords } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/** Names, acronyms, units and symbols that stay as they are in Korean. */
const ALLOWED = new Set(
  (
    'Agent0 Lab GRPO ADPO KL BLEU WebGPU WebGL WASM SIMD tfjs CPU GPU Parquet README arXiv Li Python LaTeX mathruler sympy ' +
    'top-p top-k min max high low clip T p s A R U B G g n r i j e m Ctrl Tab English ' +
    'classroom faithful tiny webgpu wasm webgl cpu'
  ).split(' '),
);

/** Every English word left on the page as it is now (see the file comment for what is allowed). */
async function englishWords(page: Page): Promise<string[]> {
  // The models' own text: whatever the trace carries as strings (questions, answers, transcripts, votes).
  const trace = await receivedTrace(page);
  const model = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string') model.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(trace);
  const variants = await page.locator('[data-action="repair-variant"] option').allTextContents();

  const found = await page.evaluate(() => {
    const skip = (el: Element | null) =>
      el?.closest('.katex, code, pre, cite, script, style, [data-model-text]') !== null;
    const texts: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || skip(el) || !n.textContent?.trim()) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const hiddenInside = el.closest('details:not([open]) > :not(summary)') !== null;
      if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden' || hiddenInside) continue;
      texts.push({ where: el.tagName.toLowerCase(), text: n.textContent });
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt]')) {
      for (const a of ['aria-label', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v) texts.push({ where: `${el.tagName.toLowerCase()}[${a}]`, text: v });
      }
    }
    return texts;
  });

  // The walk read the page: hundreds of strings, most of them Korean.
  expect(found.length).toBeGreaterThan(300);
  expect(found.filter((f) => /[가-힣]/.test(f.text)).length).toBeGreaterThan(found.length / 3);
  const english: string[] = [];
  for (const { where, text } of found) {
    let rest = text;
    // Longest first, so a question is removed before an answer that is part of it.
    // (Strings of one or two characters are left alone: they would cut words such as "Agent0" apart.)
    for (const m of [...model, ...variants].sort((a, b) => b.length - a.length))
      if (m.length > 2) rest = rest.split(m).join(' ');
    // Settings keys (section.key), file names and extensions (.a0run) and code identifiers are code, not words.
    rest = rest.replace(/[\w.-]*\.[a-z][\w=.-]*|[a-z]+_[\w_]+|\S+\/\S*/g, ' ');
    // Single letters are symbols (p, s, A, d(i, j), L); words have two letters or more.
    for (const w of rest.match(/[A-Za-z][A-Za-z0-9'’-]+/g) ?? []) {
      if (!ALLOWED.has(w) && !ALLOWED.has(w.replace(/[’'-]+$/, '')))
        english.push(`${where}: "${w}" in "${text.slice(0, 80)}"`);
    }
  }
  return [...new Set(english)];
}

test('Korean page: no English word in visible text or aria labels', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'build', 'the Korean walk runs on the production build');
  test.setTimeout(240_000);
  await page.goto('/?mode=replay&lang=ko');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
  await expect(page.locator('[data-mark="repair-controls"]')).toBeVisible({ timeout: 60_000 });
  for (let i = 0; i < PHASES.length; i++) {
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 10_000);
  }
  await page.locator('details.settings > summary').click();
  expect(await englishWords(page)).toEqual([]);
});

test('Korean page, live run: no English word once the engine is ready and has run a phase', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'build', 'the Korean walk runs on the production build');
  test.setTimeout(240_000);
  await page.goto('/?preset=tiny&lang=ko');
  await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 150_000 });
  await expect(page.locator('[data-testid="no-webgpu"]')).toBeVisible();
  await page.keyboard.press('s');
  await waitForRecords(page, 1, 180_000);
  await page.locator('details.settings > summary').click();
  // The backend badge's details: why this backend runs, its WASM build and threads, the skipped WebGPU.
  await page.locator('details.badge > summary').click();
  await expect(page.locator('[data-testid="backend-why"]')).toBeVisible();
  expect(await englishWords(page)).toEqual([]);
});
