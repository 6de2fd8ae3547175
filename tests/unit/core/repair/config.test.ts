/** Settings of the repair lab: the ablation ladder and clear refusals of bad values. */
import { describe, expect, it } from 'vitest';
import {
  ABLATION_VARIANTS,
  DEFAULT_REPAIR_CONFIG,
  selectVariants,
  validateRepairConfig,
  validateVariant,
} from '../../../../src/core/repair/config';

describe('ablation variants', () => {
  it('climb from the binary baselines to the full method', () => {
    expect(ABLATION_VARIANTS.map((v) => [v.name, v.reward, v.weights, v.governance])).toEqual([
      ['binary-compile', 'binary-compile', 'none', false],
      ['binary-strict', 'binary-strict', 'none', false],
      ['layered', 'layered', 'none', false],
      ['layered+raw', 'layered', 'raw', false],
      ['layered+mean-preserving', 'layered', 'mean-preserving', false],
      ['layered+sign-aware', 'layered', 'sign-aware', false],
      ['full', 'layered', 'mean-preserving', true],
    ]);
  });

  it('are chosen by name, and an unknown name lists the known ones', () => {
    expect(selectVariants('all')).toHaveLength(7);
    expect(selectVariants('layered, full').map((v) => v.name)).toEqual(['layered', 'full']);
    expect(() => selectVariants('layered,fancy')).toThrow(
      /Unknown ablation variant "fancy"; choose all or some of: binary-compile, /,
    );
    expect(() =>
      validateVariant({ name: 'x', reward: 'partial' as 'layered', weights: 'none', governance: false }),
    ).toThrow(/unknown reward mode partial/);
  });
});

describe('repair settings', () => {
  it('accept the defaults and name the first bad value', () => {
    expect(validateRepairConfig(DEFAULT_REPAIR_CONFIG)).toBe(DEFAULT_REPAIR_CONFIG);
    expect(() => validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, groupSize: 1 })).toThrow(
      /groupSize must be an integer ≥ 2/,
    );
    expect(() => validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, failureRate: 1 })).toThrow(
      /failureRate must lie in \[0, 1\)/,
    );
    expect(() => validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, iterations: 2.5 })).toThrow(
      /iterations must be a positive integer/,
    );
    expect(() => validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, weightFloor: -0.1 })).toThrow(/weightFloor/);
    expect(() => validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, repetitionLimit: 1 })).toThrow(/repetitionLimit/);
    expect(() =>
      validateRepairConfig({
        ...DEFAULT_REPAIR_CONFIG,
        governance: { environmentInStats: 'maybe' as 'keep', degenerateReward: 'zero' },
      }),
    ).toThrow(/environmentInStats must be keep or drop/);
  });
});
