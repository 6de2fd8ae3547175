/** The signal-reshaping chapter's sentence about the recorded run names that run's settings, in both languages. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPAIR_CONFIG } from '../../../../src/core/repair/config';
import { REPAIR_CHAPTER_EN, REPAIR_NOTES_EN } from '../../../../src/ui/text/repair-en';
import { REPAIR_CHAPTER_KO, REPAIR_NOTES_KO } from '../../../../src/ui/text/repair-ko';

const changed = {
  ...DEFAULT_REPAIR_CONFIG,
  seed: 7,
  failureRate: 0.2,
  evalTasks: 30,
  temperature: 1,
  evalTemperature: 0.5,
  weightFloor: 0.25,
};

describe('the recorded run note', () => {
  for (const [lang, notes] of [
    ['en', REPAIR_NOTES_EN],
    ['ko', REPAIR_NOTES_KO],
  ] as const) {
    it(`${lang}: failure rate, seed, held-out count, temperature and floor come from the settings`, () => {
      const text = notes.recording(changed);
      for (const v of ['0.2', ' 7', ' 30', 'T = 0.5', '0.25']) expect(text).toContain(v);
      // 0.5 is not the training temperature, so the note must not call it that.
      expect(text).not.toMatch(/training temperature|학습 때와 같은 온도/);
      expect(text).not.toContain('0.05');
      expect(text).not.toContain('140');
      const greedy = notes.recording({ ...changed, evalTemperature: 0 });
      expect(greedy).not.toContain('T = 0');
      const same = notes.recording({ ...changed, evalTemperature: 1 });
      expect(same).toMatch(/training temperature|학습 때와 같은 온도/);
    });
  }
  it('the chapter text itself names none of these settings', () => {
    for (const ch of [REPAIR_CHAPTER_EN, REPAIR_CHAPTER_KO]) {
      const body = (typeof ch.body === 'function' ? [] : ch.body).join(' ');
      expect(body).not.toMatch(/0\.05|\b140\b|floor 0\.1|하한 0\.1/);
    }
  });
});
