/**
 * The repair environment and judge in Pyodide: observations of check and run, the three tiers for
 * each defect kind, hand-written candidates (a semantically equal rewrite, a compile-only hack, a
 * deleted body), and environment failures (a time-out, a dead sandbox).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../../src/core/random';
import { DEFECT_KINDS, type RepairTask, SYNTAX_DEFECTS, generateRepairTask } from '../../../src/core/repair/tasks';
import { tier } from '../../../src/core/repair/reward';
import { EnvironmentFailure, RepairEnvironment } from '../../../src/repair/environment';
import { verdictFromOutput } from '../../../src/repair/programs';
import { expertTrace, perturbLine } from '../../../src/repair/traces';
import { parseAction } from '../../../src/core/repair/actions';
import { createNodeSandbox } from '../../../src/sandbox/node';
import type { Sandbox } from '../../../src/sandbox/types';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let sandbox: Sandbox;
let env: RepairEnvironment;
beforeAll(async () => {
  sandbox = createNodeSandbox();
  env = new RepairEnvironment(sandbox, 3_000);
  await env.check(['x = 1']);
});
afterAll(() => sandbox.dispose());

/** A hand-written task: f(a,b) = a*b+3, visible call f(2,5) = 13. */
const TASK: RepairTask = {
  id: 'hand-arith',
  template: 'arith',
  defect: 'missing-colon',
  category: 'syntax',
  fname: 'f',
  lines: ['def f(a,b)', ' return a*b+3', 'assert f(2,5)==13'],
  fixed: ['def f(a,b):', ' return a*b+3', 'assert f(2,5)==13'],
  defectLine: 1,
  inputs: [
    [2, 5],
    [0, 7],
    [9, 9],
    [4, 1],
  ],
};

const tierOf = async (task: RepairTask, lines: string[]): Promise<number> => {
  const { verdict } = await env.judge(task, lines);
  return tier(verdict !== 'nocompile', verdict === 'match');
};

describe('observations', () => {
  it('check names the error class and line, run the exception', async () => {
    expect(await env.check(TASK.lines)).toEqual({ compiles: false, observation: 'SyntaxError line 1' });
    expect(await env.check(TASK.fixed)).toEqual({ compiles: true, observation: 'ok' });
    expect(await env.check(['def f(a,b):', 'return a*b+3'])).toEqual({
      compiles: false,
      observation: 'IndentationError line 2',
    });
    expect(await env.run(TASK.fixed)).toBe('ok');
    expect(await env.run(['def f(a,b):', ' return a*b+4', 'assert f(2,5)==13'])).toBe('AssertionError');
    expect(await env.run(['def f(a,b):', ' return a*c+3', 'assert f(2,5)==13'])).toBe('NameError c');
    expect(await env.run(TASK.lines)).toBe('SyntaxError line 1');
  });

  it('treats a return outside a function as a compile error (caught by compiling, not parsing)', async () => {
    expect(await env.check(['def f(x):', ' y=x+1', 'return y'])).toEqual({
      compiles: false,
      observation: 'SyntaxError line 3',
    });
  });
});

describe('the judge', () => {
  it('gives 0 to a snippet that does not compile, 0.5 to one that behaves differently, 1 to a match', async () => {
    expect(await tierOf(TASK, TASK.lines)).toBe(0);
    expect(await tierOf(TASK, ['def f(a,b):', ' return a*b+4', 'assert f(2,5)==13'])).toBe(0.5);
    expect(await tierOf(TASK, TASK.fixed)).toBe(1);
  });

  it('judges behaviour, not text', async () => {
    // b*a+3 equals a*b+3 on every input: a match although the line differs from the ground truth
    expect(await tierOf(TASK, ['def f(a,b):', ' return 3+b*a', 'assert f(2,5)==13'])).toBe(1);
    // editing the visible assert instead of the function compiles but fails the hidden inputs
    expect(await tierOf(TASK, ['def f(a,b):', ' return a+b+3', 'assert True'])).toBe(0.5);
    // deleting the broken line leaves no function body: does not compile
    expect(await tierOf(TASK, ['', ' return a*b+3', 'assert f(2,5)==13'])).toBe(0);
    // a body that only raises still compiles: it differs
    expect(await tierOf(TASK, ['def f(a,b):', ' return a/0', 'assert f(2,5)==13'])).toBe(0.5);
    // renaming the function: the judge finds no f
    expect(await tierOf(TASK, ['def g(a,b):', ' return a*b+3', 'assert g(2,5)==13'])).toBe(0.5);
  });

  it('runs the whole snippet: a module level that raises is not a repair, whatever the function returns', async () => {
    // the function is the ground truth's, but the snippet's own assert fails: 2*5+3 = 13, not 14
    const ownAssert = ['def f(a,b):', ' return a*b+3', 'assert f(2,5)==14'];
    expect(await env.judge(TASK, ownAssert)).toEqual({ verdict: 'raises', raised: 'AssertionError' });
    expect(await tierOf(TASK, ownAssert)).toBe(0.5);
    // an exception while the module loads, before the function is even defined
    expect(await env.judge(TASK, ['x = 1/0', 'def f(a,b):', ' return a*b+3', 'assert f(2,5)==13'])).toEqual({
      verdict: 'raises',
      raised: 'ZeroDivisionError',
    });
    // an exception after correct definitions and a passing assert
    const after = ['def f(a,b):', ' return a*b+3', 'assert f(2,5)==13', 'g(1)'];
    expect(await env.judge(TASK, after)).toEqual({ verdict: 'raises', raised: 'NameError' });
    expect(await tierOf(TASK, after)).toBe(0.5);
    // the run observation the agent saw agrees with the judge
    expect(await env.run(ownAssert)).toBe('AssertionError');
  });

  it('reads the verdict and the exception class off the last line', () => {
    expect(verdictFromOutput('noise\n\nJUDGE raises AssertionError\n')).toEqual({
      verdict: 'raises',
      raised: 'AssertionError',
    });
    expect(verdictFromOutput('JUDGE match')).toEqual({ verdict: 'match' });
    expect(() => verdictFromOutput('JUDGE raises')).toThrow(/unreadable/);
  });

  it('repairs a snippet that prints and passes, even when its output has no line break or reads like a verdict', async () => {
    const prints = ['def f(a,b):', ' return a*b+3', "print('JUDGE differ', f(2,5), end='')", 'assert f(2,5)==13'];
    expect(await env.judge(TASK, prints)).toEqual({ verdict: 'match' });
    expect(await tierOf(TASK, prints)).toBe(1);
  });

  it('scores every generated defect kind: broken syntax 0, broken semantics 0.5, ground truth 1', async () => {
    const rng = new Rng(99);
    for (const kind of DEFECT_KINDS) {
      for (let i = 0; i < 8; i++) {
        const t = generateRepairTask(rng, kind);
        const syntax = (SYNTAX_DEFECTS as readonly string[]).includes(kind);
        expect(await tierOf(t, t.lines), `${kind}: ${t.lines.join(' / ')}`).toBe(syntax ? 0 : 0.5);
        expect(await tierOf(t, t.fixed), `${kind} fixed: ${t.fixed.join(' / ')}`).toBe(1);
        expect((await env.check(t.lines)).compiles).toBe(!syntax);
        if (!syntax) expect(await env.run(t.lines)).toMatch(/^(AssertionError|NameError [czm])$/);
      }
    }
  });
});

describe('environment failures', () => {
  it('turns a run past the time limit into a time-out failure', async () => {
    const quick = new RepairEnvironment(sandbox, 300);
    const err = await quick.run(['while True:', ' pass']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EnvironmentFailure);
    expect((err as EnvironmentFailure).kind).toBe('timeout');
    expect(await env.run(TASK.fixed)).toBe('ok');
  });

  it('turns a dead sandbox into a sandbox-crash failure', async () => {
    const dead: Sandbox = {
      run: () => Promise.reject(new Error('worker gone')),
      memory: () => Promise.reject(new Error('gone')),
      boot: () => Promise.reject(new Error('gone')),
      dispose: () => Promise.resolve(),
    };
    const err = await new RepairEnvironment(dead, 300).check(['x=1']).catch((e: unknown) => e);
    expect((err as EnvironmentFailure).kind).toBe('sandbox-crash');
  });
});

describe('pre-training traces', () => {
  it('perturb one digit, operator or comparison', () => {
    const rng = new Rng(4);
    for (const line of [' return a*b+3', ' if a>b:', 'assert f(2,5)==13']) {
      const out = perturbLine(line, rng);
      expect(out).toHaveLength(line.length);
      expect([...out].filter((c, i) => c !== line[i])).toHaveLength(1);
    }
    expect(perturbLine('  return a', rng)).toBe('  return a');
  });

  it('end in submit within the step limit, and show what the environment answers', async () => {
    const rng = new Rng(8);
    for (let i = 0; i < 20; i++) {
      const task = generateRepairTask(rng);
      const trace = await expertTrace(task, env, rng, 6);
      const actions = trace.parts.filter((p) => p.kind === 'action').map((p) => parseAction(p.text));
      expect(actions.length).toBeLessThanOrEqual(6);
      expect(actions.at(-1)).toEqual({ kind: 'submit' });
      let lines = [...task.lines];
      for (const [k, part] of trace.parts.entries()) {
        if (part.kind !== 'action') continue;
        const a = parseAction(part.text);
        const obs = trace.parts[k + 1]?.text;
        if (a.kind === 'check') expect(obs).toBe(`> ${(await env.check(lines)).observation}\n`);
        if (a.kind === 'run') expect(obs).toBe(`> ${await env.run(lines)}\n`);
        if (a.kind === 'edit') {
          lines = lines.map((l, j) => (j === a.line - 1 ? a.text : l));
          expect(obs).toBe('> ok\n');
        }
      }
    }
  });
});
