import { describe, expect, it } from 'vitest';
import { segments } from '../../../../src/ui/primitives/segments';

describe('contract highlighting', () => {
  it('splits a questioner rollout into question, boxed answer and special token', () => {
    expect(segments('<question>What is 2 + 3 ?</question>\n\\boxed{5}<|endoftext|>')).toEqual([
      { kind: 'question', text: '<question>What is 2 + 3 ?</question>' },
      { kind: 'plain', text: '\n' },
      { kind: 'boxed', text: '\\boxed{5}' },
      { kind: 'special', text: '<|endoftext|>' },
    ]);
  });

  it('finds code, tool output and nested-brace boxes', () => {
    const text = 'Try:\n```python\nprint(1/2)\n```\n```output\n0.5\n```\n\\boxed{\\frac{1}{2}} ok';
    expect(segments(text).map((s) => s.kind)).toEqual(['plain', 'code', 'plain', 'output', 'plain', 'boxed', 'plain']);
    expect(segments(text).find((s) => s.kind === 'boxed')?.text).toBe('\\boxed{\\frac{1}{2}}');
  });

  it('leaves an unclosed box as plain text', () => {
    expect(segments('\\boxed{12')).toEqual([{ kind: 'plain', text: '\\boxed{12' }]);
  });
});
