/**
 * The words item 8 of issue 25 asked for: why a curve is flat, why the gate set p to 0, the loop's
 * step counts, each in English and Korean, from hand-made inputs (the repair lab's progress:
 * tests/unit/ui/repair/repair-progress.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { gateTests, proxyScore } from '../../../../src/core/vote';
import { flatNote, flatValue } from '../../../../src/ui/lib/metrics';
import { FIGURES_EN } from '../../../../src/ui/text/figures-en';
import { FIGURES_KO } from '../../../../src/ui/text/figures-ko';

describe('a flat curve', () => {
  it('is a series with one value at two or more points', () => {
    expect(
      flatValue([
        { iteration: 1, value: 0 },
        { iteration: 2, value: 0 },
        { iteration: 3, value: 0 },
      ]),
    ).toBe(0);
    expect(
      flatValue([
        { iteration: 1, value: 0 },
        { iteration: 2, value: 0.001 },
      ]),
    ).toBeNull();
    expect(flatValue([{ iteration: 1, value: 1 }])).toBeNull();
    expect(flatValue([])).toBeNull();
  });
  it('says why clip fractions of 0 are flat, and that one update per batch keeps ρ = 1', () => {
    const classroom = makeConfig('classroom');
    expect(flatNote(FIGURES_EN, 'clipLowFrac', '0', classroom)).toBe(
      'Flat: 0 in every iteration. No trained token was clipped at the low edge (ρ < 1 − ε_low where A < 0).',
    );
    const once = makeConfig('classroom', { questioner: { updatesPerStep: 1 }, executor: { updatesPerStep: 1 } });
    expect(flatNote(FIGURES_EN, 'clipHighFrac', '0', once)).toContain('each batch trains one update, so ρ = 1');
    expect(flatNote(FIGURES_KO, 'clipHighFrac', '0', once)).toContain('ρ = 1');
    expect(flatNote(FIGURES_EN, 'questionerValidRate', '1', classroom)).toContain('kept the contract');
    expect(flatNote(FIGURES_EN, 'kl', '0.5', classroom)).toBe('Flat: 0.5 in every iteration.');
    expect(flatNote(FIGURES_KO, 'kl', '0.5', classroom)).toBe('평평함: 모든 반복에서 0.5.');
  });
});

describe('the gate', () => {
  it('says which test failed, as proxyScore decides it', () => {
    // Ten candidates, four say "7": p̂ = 0.4. The questioner said 7: it agrees; 0.4 > 0.1 passes.
    const votes = ['7', '7', '7', '7', '1', '2', '3', '4', '5', '6'];
    expect(proxyScore(votes, '7', { enabled: true, minP: 0.1 }).gated).toBe(false);
    expect(gateTests(true, 0.4, 0.1)).toEqual({ disagrees: false, tooLow: false });
    // The questioner said 8: the majority disagrees, p = 0.
    expect(proxyScore(votes, '8', { enabled: true, minP: 0.1 })).toMatchObject({ p: 0, gated: true, agrees: false });
    expect(gateTests(false, 0.4, 0.1)).toEqual({ disagrees: true, tooLow: false });
    // The minimum at 0.4: p̂ = 0.4 is not above it.
    expect(proxyScore(votes, '7', { enabled: true, minP: 0.4 })).toMatchObject({ p: 0, gated: true });
    expect(gateTests(true, 0.4, 0.4)).toEqual({ disagrees: false, tooLow: true });
  });
  it('words each reason in both languages', () => {
    expect(FIGURES_EN.gateZero({ disagrees: true, tooLow: false, minP: 0.1 })).toBe(
      '→ 0: the gate (majority ≠ questioner’s answer)',
    );
    expect(FIGURES_EN.gateZero({ disagrees: false, tooLow: true, minP: 0.1 })).toBe('→ 0: the gate (p ≤ 0.1)');
    expect(FIGURES_EN.gateZero({ disagrees: true, tooLow: true, minP: 0.1 })).toBe(
      '→ 0: the gate (majority ≠ questioner’s answer) and (p ≤ 0.1)',
    );
    expect(FIGURES_KO.gateZero({ disagrees: true, tooLow: false, minP: 0.1 })).toBe(
      '→ 0: 관문 (다수 답 ≠ 출제자의 답)',
    );
  });
});

describe('the loop’s step counts', () => {
  it('say what repeats and how often', () => {
    expect(FIGURES_EN.loopSteps('questioner', 1, 1, 5)).toBe('questioner: phases 1–5 run once per iteration');
    expect(FIGURES_EN.loopSteps('executor', 3, 9, 9)).toBe('executor: phase 9 runs 3 times per iteration');
    expect(FIGURES_KO.loopSteps('출제자', 5, 1, 5)).toBe('출제자: 반복마다 1–5단계를 5번');
  });
});
