import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { upgradeTrace } from '../../../../src/engine/files/trace-upgrade';

const base = { iteration: 1, step: 0, ms: 5, backend: 'wasm', numTensors: 10 };

/** Records as a build before the move wrote them: the rollouts carried their parse. */
const oldTrace = [
  {
    ...base,
    phase: 'questioner-rollouts',
    rollouts: [
      { group: 0, text: '<question>1 + 2</question>\\boxed{3}', question: '1 + 2', answer: '3', trueAnswer: '3' },
      { group: 0, text: 'no tags', question: null, answer: null, trueAnswer: null },
    ],
  },
  { ...base, phase: 'contract-parsing', valid: 1, total: 2, validRate: 0.5 },
  {
    ...base,
    phase: 'executor-update',
    algorithm: 'adpo',
    rollouts: [{ question: 0, group: 0, text: 't', answer: '3', reward: 1, toolCalls: 1 }],
    questions: [],
    stats: null,
  },
] as unknown as PhaseRecord[];

describe('upgradeTrace', () => {
  it('moves each rollout parse to the contract-parsing record of its iteration and step, and drops question = group', () => {
    const [rollouts, parsing, executor] = upgradeTrace(oldTrace);
    expect(rollouts).toEqual({
      ...base,
      phase: 'questioner-rollouts',
      rollouts: [
        { group: 0, text: '<question>1 + 2</question>\\boxed{3}' },
        { group: 0, text: 'no tags' },
      ],
    });
    expect(parsing).toEqual({
      ...base,
      phase: 'contract-parsing',
      valid: 1,
      total: 2,
      validRate: 0.5,
      contracts: [
        { question: '1 + 2', answer: '3', trueAnswer: '3' },
        { question: null, answer: null, trueAnswer: null },
      ],
    });
    expect(executor).toMatchObject({ rollouts: [{ group: 0, text: 't', answer: '3', reward: 1, toolCalls: 1 }] });
    expect((executor as Extract<PhaseRecord, { phase: 'executor-update' }>).rollouts[0]).not.toHaveProperty('question');
  });

  it('returns records already in the current shape as they are', () => {
    const current = upgradeTrace(oldTrace);
    const again = upgradeTrace(current);
    again.forEach((r, i) => expect(r).toBe(current[i]));
  });

  it('refuses an old contract-parsing record with no rollouts before it', () => {
    expect(() => upgradeTrace([oldTrace[1] as PhaseRecord])).toThrow(/contract-parsing record of iteration 1/);
  });

  it('reads the shipped recording: every parse agrees with the counts the recording holds', () => {
    const file = JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as { trace: PhaseRecord[] };
    const trace = upgradeTrace(file.trace);
    const parses = trace.filter((r) => r.phase === 'contract-parsing');
    const written = trace.filter((r) => r.phase === 'questioner-rollouts');
    expect(parses.length).toBe(written.length);
    expect(parses.length).toBeGreaterThan(0);
    parses.forEach((p, i) => {
      expect(p.contracts).toHaveLength(written[i]?.rollouts.length ?? -1);
      expect(p.contracts.length).toBe(p.total);
      expect(p.contracts.filter((c) => c.question !== null).length).toBe(p.valid);
      expect(written[i]?.rollouts.every((r) => Object.keys(r).sort().join() === 'group,text')).toBe(true);
    });
    for (const r of trace)
      if (r.phase === 'executor-update') for (const x of r.rollouts) expect(x).not.toHaveProperty('question');
  });
});
