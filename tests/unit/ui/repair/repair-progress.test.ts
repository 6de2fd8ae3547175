/** The repair lab's progress line (repair-progress.ts) and its words in English and Korean, from hand-made inputs. */
import { describe, expect, it } from 'vitest';
import { FIGURES_EN } from '../../../../src/ui/text/figures-en';
import { FIGURES_KO } from '../../../../src/ui/text/figures-ko';
import { repairProgress } from '../../../../src/ui/repair/repair-progress';

describe('the repair lab’s progress', () => {
  const base = { stage: null, done: 0, total: 3, ended: null } as const;
  it('names the stage before training, then the iteration under way of those asked for', () => {
    expect(repairProgress({ ...base, status: 'starting' })).toEqual({ stage: 'backend' });
    expect(repairProgress({ ...base, status: 'starting', stage: 'baseline' })).toEqual({ stage: 'baseline' });
    expect(repairProgress({ ...base, status: 'running', done: 1 })).toEqual({ stage: 'training', done: 1, total: 3 });
    expect(FIGURES_EN.repairProgress({ stage: 'training', done: 1, total: 3 })).toBe('Training: iteration 2 of 3…');
    expect(FIGURES_KO.repairProgress({ stage: 'training', done: 1, total: 3 })).toBe('학습 중: 3번 중 2번째 반복…');
  });
  it('ends with the iterations done, finished or stopped early', () => {
    const finished = repairProgress({ ...base, status: 'done', done: 3, ended: 'finished' });
    expect(finished).toEqual({ stage: 'finished', done: 3, total: 3 });
    expect(FIGURES_EN.repairProgress(finished!)).toBe('Finished: 3 of 3 iterations.');
    const stopped = repairProgress({ ...base, status: 'done', done: 1, ended: 'stopped' });
    expect(FIGURES_EN.repairProgress(stopped!)).toBe('Stopped after 1 of 3 iterations.');
    expect(repairProgress({ ...base, status: 'idle' })).toBeNull();
    expect(repairProgress({ ...base, status: 'error' })).toBeNull();
  });
});
