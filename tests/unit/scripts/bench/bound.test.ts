/** The bench's command line, the sections a run takes and the bound of each. */
import { describe, expect, it } from 'vitest';
import { boundOf, cutResult, parseBenchArgs, sectionsToRun } from '../../../../scripts/bench/bound';

const SECTIONS = [
  { name: 'browser' },
  { name: 'browser-swiftshader', optIn: true },
  { name: 'engine' },
  { name: 'tab', boundSeconds: 900 },
];

describe('parseBenchArgs', () => {
  it('reads section names and --bound', () => {
    expect(parseBenchArgs([])).toEqual({ names: [], boundSeconds: null });
    expect(parseBenchArgs(['tab', '--bound=120', 'engine'])).toEqual({ names: ['tab', 'engine'], boundSeconds: 120 });
    expect(parseBenchArgs(['--bound=0.5'])).toEqual({ names: [], boundSeconds: 0.5 });
  });

  it('refuses a bound that is not a positive number, and unknown options', () => {
    expect(() => parseBenchArgs(['--bound=0'])).toThrow(/above 0/);
    expect(() => parseBenchArgs(['--bound=-3'])).toThrow(/above 0/);
    expect(() => parseBenchArgs(['--bound=soon'])).toThrow(/above 0/);
    expect(() => parseBenchArgs(['--bound='])).toThrow(/above 0/);
    expect(() => parseBenchArgs(['--swiftshader'])).toThrow(/unknown option --swiftshader/);
  });
});

describe('sectionsToRun', () => {
  it('runs every section but the opt-in ones by default', () => {
    expect(sectionsToRun(SECTIONS, []).map((s) => s.name)).toEqual(['browser', 'engine', 'tab']);
  });

  it('runs the sections named, an opt-in one included', () => {
    expect(sectionsToRun(SECTIONS, ['browser-swiftshader', 'tab']).map((s) => s.name)).toEqual([
      'browser-swiftshader',
      'tab',
    ]);
  });

  it('refuses a name no section has', () => {
    expect(() => sectionsToRun(SECTIONS, ['gpu'])).toThrow(/no bench section gpu/);
  });
});

describe('boundOf', () => {
  it('takes --bound, else the section’s own, else 300 s', () => {
    expect(boundOf({ name: 'engine' }, { names: [], boundSeconds: null })).toBe(300);
    expect(boundOf({ name: 'tab', boundSeconds: 900 }, { names: [], boundSeconds: null })).toBe(900);
    expect(boundOf({ name: 'tab', boundSeconds: 900 }, { names: [], boundSeconds: 60 })).toBe(60);
  });
});

describe('cutResult', () => {
  it('keeps the figures and says where the section was stopped', () => {
    expect(cutResult({ wasm: { ms: 3 } }, 300)).toEqual({
      wasm: { ms: 3 },
      cut: 'stopped at its bound of 300 s; the figures above are those it had by then',
    });
  });
});
