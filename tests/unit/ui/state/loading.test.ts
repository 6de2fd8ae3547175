/**
 * The loading bar's arithmetic (src/ui/state/loading.ts) on starts written out by hand: six steps,
 * one unit each, a step's share done/total, failed counting as over.
 */
import { describe, expect, it } from 'vitest';
import {
  type Loading,
  loadingOver,
  loadingValue,
  stepFraction,
  stepsOver,
  stepsUnderWay,
  withReport,
} from '../../../../src/ui/state/loading';

describe('the loading bar', () => {
  it('counts nothing before any report, and waits first for the engine’s code', () => {
    expect(loadingValue({})).toBe(0);
    expect(stepsOver({})).toBe(0);
    expect(loadingOver({})).toBe(false);
    expect(stepsUnderWay({})).toEqual(['code']);
  });

  it('adds each step’s share: code done, 250,000 of 1,000,000 model bytes, 1 of 2 runtimes', () => {
    let l: Loading = {};
    l = withReport(l, { step: 'code', done: 1, total: 1 });
    l = withReport(l, { step: 'python', done: 1, total: 2 });
    l = withReport(l, { step: 'model', done: 250_000, total: 1_000_000 });
    // 1 + 0.25 + 0.5 of six units.
    expect(loadingValue(l)).toBeCloseTo(1.75, 12);
    expect(stepsOver(l)).toBe(1);
    expect(stepsUnderWay(l)).toEqual(['model', 'python']);
  });

  it('counts bytes of an unknown total as nothing until the step ends', () => {
    expect(stepFraction({ step: 'model', done: 400_000, total: null })).toBe(0);
    expect(stepFraction({ step: 'model', done: 689_178, total: 689_178 })).toBe(1);
  });

  it('takes the latest report of a step, and a failed step as over', () => {
    let l: Loading = {};
    for (const step of ['code', 'model', 'backend', 'warm-up', 'run'] as const)
      l = withReport(l, { step, done: 1, total: 1 });
    l = withReport(l, { step: 'python', done: 0, total: 2 });
    expect(loadingValue(l)).toBe(5);
    expect(loadingOver(l)).toBe(false);
    expect(stepsUnderWay(l)).toEqual(['python']);
    l = withReport(l, { step: 'python', done: 0, total: 2, failed: 'no runtime' });
    expect(loadingValue(l)).toBe(6);
    expect(loadingOver(l)).toBe(true);
    expect(stepsUnderWay(l)).toEqual([]);
  });
});
