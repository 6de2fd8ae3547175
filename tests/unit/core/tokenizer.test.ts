import { describe, expect, it } from 'vitest';
import { formatObservation, solverPrompt, toolSolverPrompt } from '../../../src/core/contracts';
import { Rng } from '../../../src/core/random';
import { DIFFICULTIES, generateTask } from '../../../src/core/tasks';
import { Tokenizer } from '../../../src/core/tokenizer';
import { questionerDocument, reasoningCompletion, toolCompletion } from '../../../src/model/pretrain/corpus';

const tok = new Tokenizer();

describe('tokenizer', () => {
  it('round-trips every text the task family and the contracts produce', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 600; i++) {
      const task = generateTask(rng, DIFFICULTIES[i % 5] as 1);
      const texts = [
        questionerDocument(task),
        solverPrompt(task.question) + reasoningCompletion(task),
        toolSolverPrompt(task.question) + toolCompletion(task),
        task.python,
        formatObservation(
          `Traceback (most recent call last):\n  File "<exec>", line 1\nZeroDivisionError: division by zero ~{}[]|^%$#@!\`'"`,
        ),
      ];
      for (const text of texts) expect(tok.decode(tok.encode(text))).toBe(text);
    }
  });

  it('gives each contract marker, role token and digit one token, and splits numbers into digits', () => {
    for (const marker of [
      '<question>',
      '</question>',
      '\\boxed{',
      '}',
      '```python',
      '```output',
      '```',
      'print(',
      '<|endoftext|>',
      '<|questioner|>',
      '<|solver|>',
      '<|tool|>',
    ]) {
      expect(tok.encode(marker)).toHaveLength(1);
    }
    expect(tok.encode('1207').map((id) => tok.vocab[id])).toEqual(['1', '2', '0', '7']);
    expect(tok.encode('is 45 ?').map((id) => tok.vocab[id])).toEqual(['is', ' 4', '5', ' ?']);
    expect(tok.encode('```python\nprint(3)\n```').map((id) => tok.vocab[id])).toEqual([
      '```python',
      '\n',
      'print(',
      '3',
      ')',
      '\n',
      '```',
    ]);
    expect(tok.padId).toBe(0);
    expect(tok.decode([tok.eosId])).toBe('<|endoftext|>');
  });

  it('refuses characters outside its vocabulary and ids outside it, naming them', () => {
    expect(() => tok.encode('abc é')).toThrow('cannot encode character "é" (U+00E9) at position 4');
    expect(() => tok.encode('tab\there')).toThrow('U+0009');
    expect(() => tok.decode([tok.size])).toThrow(`id ${tok.size} is outside the vocabulary`);
    expect(() => new Tokenizer(['<|pad|>', 'a', 'a'])).toThrow('duplicate');
    expect(() => new Tokenizer(['a', 'b'])).toThrow('"<|pad|>" is not a vocabulary entry');
  });
});
