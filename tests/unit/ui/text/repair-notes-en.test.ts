/**
 * The signal-reshaping chapter's sentences about the recorded run, in both languages: its settings,
 * every variant against full, and whether full repairs are rare at the start.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPAIR_CONFIG } from '../../../../src/core/repair/config';
import type { FullComparison, RepairRegime } from '../../../../src/repair/claims';
import { REPAIR_CHAPTER_EN } from '../../../../src/ui/text/repair-en';
import { REPAIR_NOTES_EN } from '../../../../src/ui/text/repair-notes-en';
import { REPAIR_CHAPTER_KO } from '../../../../src/ui/text/repair-ko';
import { REPAIR_NOTES_KO } from '../../../../src/ui/text/repair-notes-ko';

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

describe('every variant against full, and the regime, in both languages', () => {
  const spread = (perSeed: number[]) => ({
    perSeed,
    mean: perSeed.reduce((a, b) => a + b, 0) / perSeed.length,
    min: Math.min(...perSeed),
    max: Math.max(...perSeed),
  });
  const full = spread([0.5, 0.52, 0.48]);
  const strict: FullComparison = {
    variant: 'binary-strict',
    seeds: spread([0.55, 0.57, 0.53]),
    full,
    difference: 0.05,
    rule: 'seeds',
    outcome: 'above',
  };
  const layered: FullComparison = {
    variant: 'layered',
    seeds: spread([0.51, 0.45, 0.49]),
    full,
    difference: 0.48333 - 0.5,
    rule: 'seeds',
    outcome: 'within',
  };
  const regime = (groups: number): RepairRegime => ({
    strict: 0.4,
    compile: 0.929,
    steps: 4.057,
    strictNoSignal: { groups, of: 8 },
    compilingShare: { kinds: 3, of: 7 },
  });
  const words = {
    en: {
      above: 'binary-strict 0.550 (0.530–0.570), +0.050: above full on every seed',
      within: 'layered 0.483 (0.450–0.510), −0.017: no measurable change',
      full: '(full 0.500 (0.480–0.520))',
      opposite: 'binary-strict beats full on every seed: the opposite of the paper',
      why: ['3 of its 7 defect kinds compile as given', '4.06 steps before training'],
      level:
        'No variant lies above full on every seed, but binary-strict and layered cannot be told from it (none lies below it on every seed), while in the paper',
      below: 'Every variant lies below full on every seed, as in the paper',
      whyHead: 'Two differences of this simulator can explain why full is not ahead here',
      notRare: 'full repairs are not rare at the start here',
      rare: 'full repairs are rare at the start here',
      groups: 'in binary-strict’s first iteration 1 of its 8 groups gave no signal',
    },
    ko: {
      above: 'binary-strict 0.550 (0.530–0.570), +0.050: 모든 시드에서 full보다 높음',
      within: 'layered 0.483 (0.450–0.510), −0.017: 측정할 만한 차이 없음',
      full: 'full(0.500 (0.480–0.520))',
      opposite: 'binary-strict이(가) 모든 시드에서 full을 앞섭니다. 논문과 반대입니다.',
      why: ['결함 종류 7가지 중 3가지는 주어진 그대로 컴파일', '학습 전 평균 4.06단계'],
      level:
        '어떤 변형도 모든 시드에서 full을 앞서지는 않지만, binary-strict, layered은(는) full과 구별되지 않습니다(모든 시드에서 full보다 낮은 변형은 없음)',
      below: '모든 변형이 모든 시드에서 full보다 낮습니다. 논문과 같습니다.',
      whyHead: '이 시뮬레이터의 두 가지 차이로 설명할 수 있습니다',
      notRare: '처음부터 완전한 수리가 드물지 않습니다',
      rare: '처음에 완전한 수리가 드뭅니다',
      groups: '그룹 8개 중 1개가 신호를 주지 못했습니다',
    },
  };
  for (const [lang, notes] of [
    ['en', REPAIR_NOTES_EN],
    ['ko', REPAIR_NOTES_KO],
  ] as const) {
    const w = words[lang];
    it(`${lang}: names every variant against full with the seeds’ range, and a win over full as the paper’s opposite`, () => {
      const text = notes.versusFull([strict, layered], [1, 2, 3], regime(1));
      for (const s of [w.above, w.within, w.full, w.opposite, ...w.why]) expect(text).toContain(s);
      expect(text).toContain('0.535');
      expect(text).toContain(w.whyHead);
      // no variant above full, two that cannot be told from it: said so, with the reasons
      const level = notes.versusFull([{ ...strict, outcome: 'within' }, layered], [1, 2, 3], regime(1));
      expect(level).toContain(w.level);
      expect(level).toContain(w.whyHead);
      expect(level).not.toContain(w.opposite);
      // every variant below full: as in the paper, and no reasons needed
      const below = notes.versusFull(
        [
          { ...strict, outcome: 'below' },
          { ...layered, outcome: 'below' },
        ],
        [1, 2, 3],
        regime(1),
      );
      expect(below).toContain(w.below);
      expect(below).not.toContain(w.whyHead);
      expect(notes.versusFull([], [1, 2, 3], regime(1))).toBe('');
    });
    it(`${lang}: full repairs rare or not by binary-strict’s groups without signal in its first iteration`, () => {
      const notRare = notes.claims([], 140, [1, 2, 3], regime(1));
      expect(notRare).toContain(w.notRare);
      expect(notRare).toContain(w.groups);
      expect(notRare).toContain('0.400');
      // 5 of 8 groups without signal: more than half, so rare
      const rare = notes.claims([], 140, [1, 2, 3], regime(5));
      expect(rare).toContain(w.rare);
      expect(rare).not.toContain(w.notRare);
      expect(notes.claims([], 140, [1, 2, 3], regime(4))).toContain(w.notRare);
    });
  }
});
