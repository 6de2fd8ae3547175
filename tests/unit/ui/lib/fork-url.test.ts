import { describe, expect, it } from 'vitest';
import { readForks, writeForks } from '../../../../src/ui/lib/fork-url';
import { readSettings, writeSettings } from '../../../../src/ui/lib/settings';

describe('forks in the address', () => {
  it('groups the changes of one fork and orders forks by iteration', () => {
    const { steps, problems } = readForks([
      '3:proxy.gate=false',
      '1:executor.klCoef=0.05',
      '1:executor.algorithm=grpo',
    ]);
    expect(problems).toEqual([]);
    expect(steps).toEqual([
      { at: 1, changes: ['executor.klCoef=0.05', 'executor.algorithm=grpo'] },
      { at: 3, changes: ['proxy.gate=false'] },
    ]);
    expect(writeForks(steps)).toEqual(['1:executor.klCoef=0.05', '1:executor.algorithm=grpo', '3:proxy.gate=false']);
  });

  it('names a malformed fork', () => {
    expect(readForks(['executor.klCoef=0.05', '0:a.b=1']).problems).toHaveLength(2);
  });

  it('round-trips through the page settings with compare=released', () => {
    const search = '?preset=tiny&fork=1%3Aexecutor.klCoef%3D0.05&compare=released';
    const { settings, problems } = readSettings(search);
    expect(problems).toEqual([]);
    expect(settings.forks).toEqual(['1:executor.klCoef=0.05']);
    expect(settings.compare).toBe('released');
    expect(writeSettings(settings)).toBe(search);
    expect(readSettings('?compare=nothing').problems).toEqual([
      { field: 'compare', value: 'nothing', allowed: 'released' },
    ]);
  });
});
