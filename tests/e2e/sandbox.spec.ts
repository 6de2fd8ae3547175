/**
 * The browser Python sandbox in Chromium: runs code, stops an endless loop, refuses host access,
 * makes no request outside the page's origin (every other request is aborted and recorded), and
 * lets no program change what the next one finds (tests/unit/sandbox/fresh-state-attacks.ts).
 */
import { expect, test } from '@playwright/test';
import type { RunResult, Sandbox } from '../../src/sandbox/types.ts';
import { ORDINARY_PROGRAMS, STATE_ATTACKS } from '../unit/sandbox/fresh-state-attacks.ts';

interface Harness {
  sandbox: Sandbox;
  fencedObservation(result: RunResult): string;
}

test('the browser sandbox runs Python offline, bounded and closed', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );

  await page.goto('/tests/e2e/pages/sandbox.html');
  await page.waitForFunction(() => 'harness' in window);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  const run = (code: string, timeoutMs = 10_000): Promise<RunResult> =>
    page.evaluate(
      ([source, limit]) =>
        (window as unknown as { harness: Harness }).harness.sandbox.run(source, { timeoutMs: limit }),
      [code, timeoutMs] as const,
    );

  const first = await run('print(sum(range(10)))');
  expect(first).toMatchObject({ stdout: '45\n', timedOut: false });
  expect(
    await page.evaluate(
      (result) => (window as unknown as { harness: Harness }).harness.fencedObservation(result),
      first,
    ),
  ).toBe('\n```output\n45\n```\n');
  expect((await run('1 / 0')).error).toMatch(/ZeroDivisionError: division by zero$/);

  const loop = await run('while True: pass', 1_000);
  expect(loop).toMatchObject({
    timedOut: true,
    error: 'TimeoutError: the code ran longer than 1000 ms and was stopped',
  });
  expect(loop.ms).toBeLessThan(3_000);
  expect((await run('print("next")')).stdout).toBe('next\n');

  const sleep = await run('import time\ntime.sleep(60)', 1_000);
  expect(sleep.timedOut).toBe(true);
  expect(sleep.ms).toBeLessThan(3_000);
  expect((await run('print(2 + 2)')).stdout).toBe('4\n');

  for (const code of [
    'import js',
    'import pyodide_js',
    "__import__('pyodide')",
    'print(().__class__.__base__.__subclasses__())',
  ]) {
    expect((await run(code)).error).toMatch(/is blocked in the sandbox/);
  }
  // A module written to the scratch directory cannot be imported (it would run with real builtins).
  expect((await run("open('planted.py', 'w').write('x = 1')\nimport planted")).error).toMatch(
    /import of 'planted' is blocked in the sandbox/,
  );
  // One call's decimal context does not reach the next: 1/7 to the default 28 significant digits.
  await run('from decimal import getcontext\ngetcontext().prec = 3');
  expect((await run('from decimal import Decimal\nprint(Decimal(1) / Decimal(7))')).stdout).toBe(
    '0.1428571428571428571428571429\n',
  );
  expect((await run('import sys\nsys.setrecursionlimit(10**6)\ndef f(n): return f(n + 1)\nf(0)')).error).toMatch(
    /RecursionError/,
  );
  expect((await run('print("still alive")')).stdout).toBe('still alive\n');
  // Scratch files have a quota, held by the worker's file system, not by Python: a write-forever loop
  // stops with "No space left on device" before its time limit, and the next program writes again.
  const flood = await run('f = open("big.bin", "wb")\nchunk = b"x" * (1 << 20)\nwhile True:\n    f.write(chunk)');
  expect(flood).toMatchObject({
    timedOut: false,
    error: expect.stringMatching(/OSError: \[Errno \d+\] No space left/),
  });
  expect((await run('open("a.txt", "w").write("ok")\nprint(open("a.txt").read())')).stdout).toBe('ok\n');

  expect(requests.some((url) => url.endsWith('/pyodide/pyodide.asm.wasm'))).toBe(true);
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});

test('a browser sandbox program leaves nothing for the next one', async ({ page }) => {
  await page.goto('/tests/e2e/pages/sandbox.html');
  await page.waitForFunction(() => 'harness' in window);
  const run = (code: string): Promise<RunResult> =>
    page.evaluate(
      (source) => (window as unknown as { harness: Harness }).harness.sandbox.run(source, { timeoutMs: 10_000 }),
      code,
    );
  for (const { name, attack, later, stdout, error } of STATE_ATTACKS) {
    expect((await run(attack)).crashed, name).toBe(false);
    for (const result of [await run(later), await run(later)]) {
      if (stdout !== undefined) expect([result.stdout, result.error], name).toEqual([stdout, undefined]);
      if (error) expect(result.error, name).toMatch(error);
    }
  }
  for (const { code, stdout } of ORDINARY_PROGRAMS) {
    const result = await run(code);
    expect([result.stdout, result.error], code).toEqual([stdout, undefined]);
  }
});
