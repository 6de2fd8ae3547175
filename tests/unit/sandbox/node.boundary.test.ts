/**
 * Nothing past the Node sandbox worker, tested from inside: the attacker starts where a policy
 * escape would leave them (the test hook, src/sandbox/test-hook.ts: real builtins, no static
 * check, and the worker's JS global object as `scope`) and still finds no JS bridge module, no
 * host file system, no `process`, `require` or module loader, no network, no route from a string
 * to code, and a policy that notices being switched off. The hook itself is off in every sandbox
 * `createNodeSandbox` makes.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostedSandbox } from '../../../src/sandbox/host.ts';
import { createNodeSandbox, pyodideDirectory, spawnNodeSandboxWorker } from '../../../src/sandbox/node.ts';
import { UNGUARDED_PREFIX } from '../../../src/sandbox/test-hook.ts';
import type { RunResult, Sandbox } from '../../../src/sandbox/types.ts';
import { BRIDGE_ATTACK } from '../../e2e/sandbox-boundary-attacks.ts';
import { ESCAPED_STATE_ATTACKS } from './fresh-state-attacks.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let sandbox: Sandbox;
const attack = (code: string): Promise<RunResult> => sandbox.run(UNGUARDED_PREFIX + code, { timeoutMs: 10_000 });
const run = (code: string): Promise<RunResult> => sandbox.run(code, { timeoutMs: 10_000 });

beforeAll(async () => {
  sandbox = createHostedSandbox({
    spawn: () => spawnNodeSandboxWorker({ testHook: true }),
    indexURL: pyodideDirectory(),
  });
  await sandbox.boot();
});
afterAll(() => sandbox.dispose());

/** The attacker's start: the real open reads a file outside scratch (the policy would refuse it). */
const PROOF = "print(open('/lib/python314.zip', 'rb').read(2))\n";

describe('an attacker holding real builtins', () => {
  it('really is past the policy (the hook works), and the next ordinary call is guarded again', async () => {
    expect((await attack(PROOF)).stdout).toBe("b'PK'\n");
    expect((await run(PROOF)).error).toMatch(/is not allowed in the sandbox/);
  });

  it('finds no JS bridge module, even with the import blocker gone and the JS finder put back', async () => {
    const code = [
      BRIDGE_ATTACK,
      'import pyodide.code',
      'try:',
      "    print(pyodide.code.run_js('1'))",
      'except ImportError as e:',
      "    print('run_js', type(e).__name__)",
    ].join('\n');
    expect((await attack(PROOF + code)).stdout).toBe(
      "b'PK'\n[]\njs ModuleNotFoundError\npyodide_js ModuleNotFoundError\nrun_js ModuleNotFoundError\n",
    );
  });

  it('sees none of the host file system', async () => {
    const code =
      "import os\nprint(sorted(os.listdir('/')), [os.path.exists(p) for p in ('/etc/passwd', '/work', '/root', '/proc/self/environ')])";
    expect((await attack(code)).stdout).toBe(
      "['dev', 'home', 'lib', 'proc', 'scratch', 'tmp'] [False, False, False, False]\n",
    );
  });

  it('finds no process, module loader, network or eval on the JS global object', async () => {
    const names = [
      'process',
      'require',
      'module',
      'exports',
      '__filename',
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'EventSource',
      'BroadcastChannel',
      'eval',
    ];
    const code = `print([n for n in ${JSON.stringify(names)} if getattr(scope, n, None) is not None])`;
    expect((await attack(code)).stdout).toBe('[]\n');
  });

  it('cannot make code from a string: the Function global, any function constructor, string timers', async () => {
    const routes = [
      "scope.Function('return 1')()",
      "scope.Object.constructor('return 1')()",
      "scope.Reflect.construct(scope.Function, ['return 1'])()",
      "scope.setTimeout('1', 0)",
    ];
    const code = [
      `for route in ${JSON.stringify(routes)}:`,
      '    try:',
      "        print('RAN', eval(route))",
      '    except Exception as e:',
      "        print(str(e).split('\\n')[0].split(': ')[-1])",
    ].join('\n');
    expect((await attack(code)).stdout).toBe(
      [
        'creating functions from strings is disabled in the sandbox',
        'creating functions from strings is disabled in the sandbox',
        'creating functions from strings is disabled in the sandbox',
        'setTimeout takes a function in the sandbox',
        '',
      ].join('\n'),
    );
  });

  it('switching the policy off from inside gets the worker replaced before the next call', async () => {
    const code = [
      'import sys',
      "policy = sys._getframe(1).f_globals  # the frame that runs the program: the policy's namespace",
      "policy['SAFE_BUILTINS']['open'] = policy['real_open']",
    ].join('\n');
    expect((await attack(code)).error).toBeUndefined();
    expect((await run(PROOF)).error).toMatch(/is not allowed in the sandbox/);
  });
});

describe('what an attacker holding real builtins changes in the JS realm, the next program cannot observe', () => {
  for (const { name, attack: code, later, stdout } of ESCAPED_STATE_ATTACKS) {
    it(name, async () => {
      expect((await attack(code)).crashed).toBe(false);
      for (const result of [await run(later), await run(later)]) {
        expect([result.stdout, result.error]).toEqual([stdout, undefined]);
      }
    });
  }
});

describe('the hook in production', () => {
  it('is off in every sandbox createNodeSandbox makes: the prefixed program is guarded like any other', async () => {
    const production = createNodeSandbox();
    try {
      const marker = '/tmp/agent0-hook-off-marker';
      const result = await production.run(`${UNGUARDED_PREFIX}${PROOF}open('${marker}', 'w')`, { timeoutMs: 30_000 });
      expect(result.stdout).toBe('');
      expect(result.error).toMatch(/is not allowed in the sandbox/);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await production.dispose();
    }
  });
});
