import { describe, expect, it } from 'vitest';
import {
  backendOrder,
  DEFAULT_SETTINGS,
  readSettings,
  settingsOverride,
  writeSettings,
} from '../../../../src/ui/lib/settings';

describe('page settings in the URL', () => {
  it('reads preset, seed, overrides, language, mode and backend', () => {
    const { settings, problems } = readSettings(
      '?preset=tiny&seed=7&set=executor.algorithm=grpo&set=proxy.gate=false&lang=ko&mode=replay&backend=wasm',
    );
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      preset: 'tiny',
      seed: 7,
      overrides: ['executor.algorithm=grpo', 'proxy.gate=false'],
      lang: 'ko',
      mode: 'replay',
      backend: 'wasm',
    });
  });

  it('round-trips through the query string and leaves defaults out', () => {
    const s = { ...DEFAULT_SETTINGS, preset: 'faithful' as const, overrides: ['curation.maxScore=0.7'] };
    expect(writeSettings(s)).toBe('?preset=faithful&set=curation.maxScore%3D0.7');
    expect(readSettings(writeSettings(s)).settings).toEqual(s);
    expect(writeSettings(DEFAULT_SETTINGS)).toBe('');
  });

  it('reports unreadable values and keeps the defaults', () => {
    const { settings, problems } = readSettings('?preset=huge&seed=-1&backend=tpu');
    expect(settings.preset).toBe('classroom');
    expect(settings.seed).toBe(1);
    expect(settings.backend).toBeNull();
    expect(problems).toHaveLength(3);
  });

  it('reads projector mode (1 on, 0 off) and refuses any other value', () => {
    expect(readSettings('?projector=1').settings.projector).toBe(true);
    expect(writeSettings({ ...DEFAULT_SETTINGS, projector: true })).toBe('?projector=1');
    expect(readSettings('?projector=0')).toEqual({ settings: DEFAULT_SETTINGS, problems: [] });
    const bad = readSettings('?projector=yes');
    expect(bad.settings.projector).toBeUndefined();
    expect(bad.problems).toEqual([{ field: 'projector', value: 'yes', allowed: '1, 0' }]);
  });

  it('reads the handout (1 on, 0 off) and refuses any other value, leaving the page as it is', () => {
    expect(readSettings('?handout=1').settings.handout).toBe(true);
    expect(readSettings('?handout=0')).toEqual({ settings: DEFAULT_SETTINGS, problems: [] });
    const bad = readSettings('?handout=print');
    expect(bad.settings).toEqual(DEFAULT_SETTINGS);
    expect(bad.problems).toEqual([{ field: 'handout', value: 'print', allowed: '1, 0' }]);
  });

  it('turns overrides into a validated engine override with the seed', () => {
    const s = { ...DEFAULT_SETTINGS, seed: 3, overrides: ['executor.minScale=0.5', 'proxy.gate=false'] };
    expect(settingsOverride(s)).toEqual({ executor: { minScale: 0.5 }, proxy: { gate: false }, seed: 3 });
    expect(() => settingsOverride({ ...s, overrides: ['executor.nope=1'] })).toThrow(/unknown setting/);
  });

  it('puts the chosen backend first', () => {
    expect(backendOrder('wasm')).toEqual(['wasm', 'webgpu', 'webgl', 'cpu']);
    expect(backendOrder(null)).toEqual(['webgpu', 'wasm', 'webgl', 'cpu']);
  });
});

describe('the reader’s preferences in the address (issue 61: a link keeps every choice)', () => {
  it('reads pace, follow and text, and writes them back, leaving out the defaults', () => {
    const { settings, problems } = readSettings('?pace=each-phase&follow=0&text=125');
    expect(problems).toEqual([]);
    expect(settings.pace).toBe('each-phase');
    expect(settings.follow).toBe(false);
    expect(settings.text).toBe(125);
    expect(writeSettings(settings)).toBe('?pace=each-phase&follow=0&text=125');
    expect(writeSettings({ ...settings, pace: 'continuous', follow: true, text: 100 })).toBe('');
  });
  it('refuses a value it does not know, naming the ones it takes, and keeps the default', () => {
    const { settings, problems } = readSettings('?pace=fast&follow=yes&text=200');
    expect(settings.pace).toBeUndefined();
    expect(settings.follow).toBeUndefined();
    expect(settings.text).toBeUndefined();
    expect(problems).toEqual([
      { field: 'pace', value: 'fast', allowed: 'continuous, each-phase, delay-2, delay-5, delay-10' },
      { field: 'follow', value: 'yes', allowed: '1, 0' },
      { field: 'text', value: '200', allowed: '100, 125, 150' },
    ]);
  });
});
