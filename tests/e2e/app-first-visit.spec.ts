/**
 * A first visit over a school's network (issue 62): the production build served the way README's
 * "Deploying" says (scripts/first-visit/serve.ts: the precompressed copy the browser accepts, the
 * isolation headers, revalidation), opened in a fresh Chromium profile until the page has stopped
 * fetching, then once more. The live page (Python, the model, the engine), in English and in
 * Korean (its font subsets), and the replay page each send at most 15 MB over the wire and leave
 * at most 25 MB stored on the device (origin storage plus the HTTP cache), after the first visit
 * and after the second. The figures are printed; the
 * same measurement is `npm run bench -- first-visit`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BUILD_DIR } from '../../playwright.config';
import {
  describeFirstVisit,
  measureFirstVisit,
  STORED_BUDGET_BYTES,
  WIRE_BUDGET_BYTES,
} from '../../scripts/first-visit/measure';

test('the live page, in English and Korean, and the replay page: at most 15 MB over the wire and 25 MB stored', async ({
  browserName,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'build' || browserName !== 'chromium',
    'The service worker and the precompressed files exist only in the build; the HTTP cache is read from a Chromium profile.',
  );
  test.setTimeout(900_000);
  // Python's WebAssembly, compressed, which the live page needs: the wire and the store hold at least it.
  const python = statSync(join(BUILD_DIR, 'pyodide', 'pyodide.asm.wasm.br')).size;
  const recording = statSync(join(BUILD_DIR, 'runs', 'classroom-seed1.json.br')).size;
  for (const [address, atLeast] of [
    ['/', python],
    // In Korean the page shows Hangul: the browser fetches the font subsets that hold its characters.
    ['/?lang=ko', python],
    ['/?mode=replay', recording],
  ] as const) {
    const v = await measureFirstVisit(BUILD_DIR, address);
    console.log(describeFirstVisit(v));
    expect(v.first.wireBytes, `${address}: over the wire`).toBeGreaterThan(atLeast);
    expect(v.first.wireBytes, `${address}: over the wire`).toBeLessThanOrEqual(WIRE_BUDGET_BYTES);
    expect(v.first.storedBytes, `${address}: stored`).toBeGreaterThan(atLeast);
    expect(v.first.storedBytes, `${address}: stored`).toBeLessThanOrEqual(STORED_BUDGET_BYTES);
    expect(v.second.storedBytes, `${address}: stored after a second visit`).toBeLessThanOrEqual(STORED_BUDGET_BYTES);
  }
});
