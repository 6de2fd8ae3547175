/**
 * The pre-training corpus draws tool-solver documents that call the tool with a share per
 * difficulty (`CorpusMix.toolUse`), which `npm run pretrain -- --tool-use s1,…,s7` sets, and the
 * other corpus options of `npm run pretrain` (`corpusMix`).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import {
  DEFAULT_CORPUS_MIX,
  MIX_OPTION_ARGS,
  corpusMix,
  mixOptionsOf,
  sampleDocument,
} from '../../../../src/model/pretrain/corpus';

/** Only tool-solver documents, every difficulty equally often. */
const TOOL_SOLVER_ONLY = {
  ...DEFAULT_CORPUS_MIX,
  questioner: 0,
  solver: 0,
  toolSolver: 1,
  difficultyWeights: [1, 1, 1, 1, 1, 1, 1],
};

describe('sampleDocument', () => {
  it('draws the questioner’s difficulties by its own weights, the solvers’ by theirs', () => {
    const rng = new Rng(4);
    const only1 = [1, 0, 0, 0, 0, 0, 0];
    const only7 = [0, 0, 0, 0, 0, 0, 1];
    const mix = { ...DEFAULT_CORPUS_MIX, questionerDifficultyWeights: only1, difficultyWeights: only7 };
    const docs = Array.from({ length: 200 }, () => sampleDocument(rng, mix));
    for (const doc of docs) expect(doc.difficulty).toBe(doc.kind.startsWith('questioner') ? 1 : 7);
    expect(new Set(docs.map((d) => d.kind.startsWith('questioner')))).toEqual(new Set([true, false]));
  });

  it('calls the tool at exactly the difficulties whose share is 1', () => {
    const rng = new Rng(11);
    const mix = { ...TOOL_SOLVER_ONLY, toolUse: [0, 0, 0, 0, 0, 1, 1] };
    const docs = Array.from({ length: 210 }, () => sampleDocument(rng, mix));
    for (const doc of docs) expect(doc.kind).toBe(doc.difficulty >= 6 ? 'tool-call' : 'tool-no-call');
    // Levels 6 and 7 are step problems: the value computed first is used by a second program.
    const stepDoc = docs.find((d) => d.difficulty === 6);
    expect(stepDoc?.text.split('```python').length).toBe(3);
    expect(new Set(docs.map((d) => d.difficulty)).size).toBe(7);
  });

  it('calls the tool in about half of the tool-solver documents at every level by default', () => {
    const rng = new Rng(5);
    const calls = new Map<number, [number, number]>();
    for (let i = 0; i < 2800; i++) {
      const doc = sampleDocument(rng, TOOL_SOLVER_ONLY);
      const [c, n] = calls.get(doc.difficulty) ?? [0, 0];
      calls.set(doc.difficulty, [c + (doc.kind === 'tool-call' ? 1 : 0), n + 1]);
    }
    // About 400 documents per level: a share of 0.5 lies within ±0.075 (three standard errors).
    for (const [c, n] of calls.values()) expect(Math.abs(c / n - 0.5)).toBeLessThan(0.075);
  });
});

describe('corpusMix', () => {
  it('reads each option and keeps the defaults of the ones absent', () => {
    expect(corpusMix({ toolUse: '0.2, 0.3,0.4,0.45,0.5,0.5,1' })).toEqual({
      ...DEFAULT_CORPUS_MIX,
      toolUse: [0.2, 0.3, 0.4, 0.45, 0.5, 0.5, 1],
    });
    expect(
      corpusMix({ difficultyWeights: '5,3,2,1.5,1.5,3,3', kindWeights: '0.3,0.35,0.5', questionerToolUse: '1' }),
    ).toEqual({
      ...DEFAULT_CORPUS_MIX,
      difficultyWeights: [5, 3, 2, 1.5, 1.5, 3, 3],
      questioner: 0.3,
      solver: 0.35,
      toolSolver: 0.5,
      questionerToolUse: 1,
    });
    expect(corpusMix({})).toEqual(DEFAULT_CORPUS_MIX);
  });

  it('reads the five flags from parsed command-line values, leaving out the absent and the others', () => {
    expect(Object.keys(MIX_OPTION_ARGS).sort()).toEqual([
      'difficulty-weights',
      'kind-weights',
      'questioner-difficulty-weights',
      'questioner-tool-use',
      'tool-use',
    ]);
    expect(
      mixOptionsOf({ 'kind-weights': '0.3,0.35,0.5', 'tool-use': undefined, steps: '600', from: 'a.a0lm' }),
    ).toEqual({
      kindWeights: '0.3,0.35,0.5',
    });
  });

  it.each([
    ['0.5,0.5,0.5,0.5,0.5,0.5', /--tool-use takes 7 shares in \[0, 1\]/],
    ['0.5,0.5,0.5,,0.5,0.5,0.5', /--tool-use takes 7 shares/],
    ['0,0,0,0,0,0,1.5', /--tool-use takes 7 shares/],
    ['0,0,0,0,0,0,-0.1', /--tool-use takes 7 shares/],
    ['a,b,c,d,e,f,g', /--tool-use takes 7 shares/],
  ])('refuses --tool-use %s', (text, message) => {
    expect(() => corpusMix({ toolUse: text })).toThrow(message);
  });

  it.each([
    [{ difficultyWeights: '0,0,0,0,0,0,0' }, /--difficulty-weights takes 7 weights ≥ 0, one per difficulty, not all 0/],
    [{ difficultyWeights: '1,1,1,1,1,1,-1' }, /--difficulty-weights takes 7 weights/],
    [{ kindWeights: '0.3,0.35' }, /--kind-weights takes 3 weights ≥ 0 \(questioner, plain solver, tool solver\)/],
    [{ kindWeights: '0,0,0' }, /--kind-weights takes 3 weights/],
    [{ questionerToolUse: '1.2' }, /--questioner-tool-use takes 1 share in \[0, 1\]/],
    [{ questionerToolUse: '0.5,0.5' }, /--questioner-tool-use takes 1 share/],
  ])('refuses %o', (options, message) => {
    expect(() => corpusMix(options)).toThrow(message);
  });
});
