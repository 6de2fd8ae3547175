/**
 * Fresh interpreter state for every program, by construction (runtime.ts, snapshot.ts): whatever
 * one program changes — a library's cache or registry, a private module attribute, the builtins
 * programs get, a file outside scratch, a finalizer that plants itself again — the next program
 * cannot observe, in the same worker; ordinary programs still print what they should.
 */
import { describe, expect, it } from 'vitest';
import { ORDINARY_PROGRAMS, STATE_ATTACKS } from './fresh-state-attacks.ts';
import { useNodeSandbox } from './node-sandbox.ts';

const { run } = useNodeSandbox();

describe('what one program changes, the next cannot observe', () => {
  for (const { name, attack, later, stdout, error } of STATE_ATTACKS) {
    it(name, async () => {
      const attempt = await run(attack);
      expect(attempt.crashed).toBe(false);
      // Twice: the second run shows the state did not come back with a later collection or call.
      for (const result of [await run(later), await run(later)]) {
        if (stdout !== undefined) expect(result).toMatchObject({ stdout, stderr: '' });
        if (stdout !== undefined) expect(result.error).toBeUndefined();
        if (error) expect(result.error).toMatch(error);
      }
    });
  }
});

describe('ordinary programs still run', () => {
  for (const { code, stdout } of ORDINARY_PROGRAMS) {
    it(code.split('\n')[0] ?? code, async () => {
      for (const result of [await run(code), await run(code)]) {
        expect(result.error).toBeUndefined();
        expect(result.stdout).toBe(stdout);
      }
    });
  }

  it('keeps a scratch file for the rest of its own program, and not for the next', async () => {
    const first = await run('open("kept.txt", "w").write("one")\nprint(open("kept.txt").read())');
    expect(first.stdout).toBe('one\n');
    expect((await run('import os\nprint(os.listdir("."))')).stdout).toBe('[]\n');
  });
});
