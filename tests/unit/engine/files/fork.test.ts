import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { changedPaths, forkCheckpoint, forkConfig } from '../../../../src/engine/files/fork';
import { decodeRun, encodeRun } from '../../../../src/engine/files/run-checkpoint';

describe('forkConfig', () => {
  const parent = makeConfig('tiny', { seed: 4 });

  it('changes the settings asked for and nothing else', () => {
    const fork = forkConfig(parent, ['executor.klCoef=0.05', 'proxy.gate=true']);
    expect(fork.executor.klCoef).toBe(0.05);
    expect(fork.proxy.gate).toBe(true);
    expect(fork.seed).toBe(4);
    expect(changedPaths(parent, fork)).toEqual(['proxy.gate', 'executor.klCoef']);
  });

  it('equals the settings of a run started with the parent’s overrides and the changes', () => {
    expect(forkConfig(parent, ['executor.algorithm=grpo'])).toEqual(
      makeConfig('tiny', { seed: 4, executor: { algorithm: 'grpo' } }),
    );
  });

  it('refuses malformed, unknown, out-of-range and no-op changes, naming each', () => {
    expect(() => forkConfig(parent, [])).toThrow(/at least one change/);
    expect(() => forkConfig(parent, ['klCoef=0.05'])).toThrow(/section\.key=value/);
    expect(() => forkConfig(parent, ['executor.kl=0.05', 'nothing.x=1'])).toThrow(
      /executor\.kl: unknown setting[\s\S]*nothing: unknown section/,
    );
    expect(() => forkConfig(parent, ['curation.minScore=2'])).toThrow(/curation\.minScore/);
    expect(() => forkConfig(parent, ['executor.klCoef=0.01'])).toThrow(/already 0\.01/);
  });

  it('re-labels a saved run with the fork’s settings and keeps every other byte', () => {
    const sections = [new Uint8Array([1, 2]), new Uint8Array([3]), new Uint8Array([4, 5, 6]), new Uint8Array([])];
    const header = {
      config: parent,
      position: { iteration: 2, phase: 'questioner-rollouts' as const, questionerStep: 0, executorStep: 0 },
      rng: [1, 2, 3, 4] as never,
      baseline: null,
      summaries: [],
      trace: [],
      optimizerSteps: [3, 4] as [number, number],
      sections: [],
    };
    const bytes = encodeRun({ header, sections: sections as never });
    const next = forkConfig(parent, ['executor.klCoef=0.05']);
    const forked = decodeRun(forkCheckpoint(bytes, next));
    expect(forked.header.config).toEqual(next);
    expect(forked.header.position).toEqual(header.position);
    expect(forked.header.optimizerSteps).toEqual([3, 4]);
    expect(forked.sections.map((s) => [...s])).toEqual(sections.map((s) => [...s]));
  });
});
