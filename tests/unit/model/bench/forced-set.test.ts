/**
 * The held-out set of forced decoding: 32 prompts with the corpus's answers, every difficulty, tool
 * and plain solver in turn, each inside the context, and the same set on every call.
 */
import { describe, expect, it } from 'vitest';
import { Tokenizer } from '../../../../src/core/tokenizer';
import { FORCED_SET_SIZE, forcedSet } from '../../../../src/model/bench/forced-set';

const tokenizer = new Tokenizer();

describe('forcedSet', () => {
  const set = forcedSet(tokenizer);
  it('holds 32 prompts whose answers end with a boxed answer and end-of-text', () => {
    expect(set).toHaveLength(FORCED_SET_SIZE);
    for (const s of set) {
      const answer = tokenizer.decode(s.tokens.slice(s.from));
      expect(answer).toMatch(/\\boxed\{[^}]+\}<\|endoftext\|>$/);
      expect(s.tokens.length).toBeLessThanOrEqual(128);
    }
  });
  it('alternates the tool solver (a program) and the plain solver (short reasoning)', () => {
    expect(tokenizer.decode(set[0]?.tokens ?? []).startsWith('<|tool|>')).toBe(true);
    expect(tokenizer.decode(set[0]?.tokens ?? [])).toContain('```python');
    expect(tokenizer.decode(set[1]?.tokens ?? []).startsWith('<|solver|>')).toBe(true);
    expect(tokenizer.decode(set[1]?.tokens ?? [])).toContain('Let me compute');
  });
  it('is the same set on every call', () => {
    expect(forcedSet(tokenizer)).toEqual(set);
  });
});
