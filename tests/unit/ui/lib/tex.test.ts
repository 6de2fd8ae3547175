/**
 * The formulas on screen print the run's settings, not the defaults: each builder is fed settings
 * that differ from every default, and the TeX must show the hand-computed constants and results.
 */
import { describe, expect, it } from 'vitest';
import { adpoAdvantageScale, adpoEpsilonHigh } from '../../../../src/core/adpo';
import { makeConfig } from '../../../../src/core/config';
import { EXECUTOR_ALGORITHMS } from '../../../../src/core/executor-algorithms';
import { TEX_EN } from '../../../../src/ui/text/marks-en';
import {
  adpoAdvantageTex,
  adpoTex,
  clipTex,
  executorGrpoTex,
  gateTex,
  rewardTex,
  term,
  toolTex,
  uncertaintyTex,
} from '../../../../src/ui/lib/tex';
import { NOTES_EN } from '../../../../src/ui/text/notes-en';
import { NOTES_KO } from '../../../../src/ui/text/notes-ko';

describe('ADPO formula with overridden settings', () => {
  const config = makeConfig('classroom', {
    executor: { trustLow: 0.2, trustHigh: 0.9, minScale: 0.5, epsHighMin: 0.15, epsHighSpan: 0.2 },
  });
  const opts = config.executor;
  // s = 0.55: w = (0.55 − 0.2) / 0.7 = 0.5, g = 0.5 + 0.5 · 0.5 = 0.75;
  // ε_high = 0.15 + 0.2 · clamp((0.8 − 0.55) / 0.5) = 0.15 + 0.2 · 0.5 = 0.25.
  const s = 0.55;
  const tex = adpoTex(s, adpoAdvantageScale(s, opts), adpoEpsilonHigh(s, opts), opts);

  it('prints every constant of g(s) from the settings', () => {
    expect(adpoAdvantageScale(s, opts)).toBeCloseTo(0.75, 12);
    expect(tex).toContain('= 0.5 + 0.5\\cdot');
    expect(tex).toContain(`{${term('s', '0.5500')} - 0.2}{0.7}`);
    expect(tex).toContain('= 0.750');
  });
  it('prints every constant of ε_high(s) from the settings', () => {
    expect(adpoEpsilonHigh(s, opts)).toBeCloseTo(0.25, 12);
    expect(tex).toContain('= 0.15 + 0.2\\cdot');
    expect(tex).toContain(`{0.8 - ${term('s', '0.5500')}}{0.5}`);
    expect(tex).toContain('= 0.250');
  });
  it('keeps none of the defaults it replaced', () => {
    expect(tex).not.toMatch(/0\.6 \+|- 0\.3\}|0\.2 \+ 0\.1/);
  });
});

describe('g(s) and ε_high(s): the printed terms give the printed results', () => {
  // Agent0's defaults (m 0.6, trust 0.3–0.8, ε_min 0.2, span 0.1, top 0.8, width 0.5), s = 5/9.
  // By hand from the printed s = 0.5556: g = 0.6 + 0.4 · (0.5556 − 0.3)/0.5 = 0.80448 → 0.804 (the
  // true 0.80444); ε_high = 0.2 + 0.1 · (0.8 − 0.5556)/0.5 = 0.24888 → 0.249. With s printed as
  // 0.556 a reader would get g = 0.8048 → 0.805, not the printed 0.804.
  const opts = makeConfig('faithful').executor;
  const s = 5 / 9;
  const tex = adpoTex(s, adpoAdvantageScale(s, opts), adpoEpsilonHigh(s, opts), opts);
  it('prints s with four decimals and results that its printed s reproduces', () => {
    expect(tex).toContain(`{${term('s', '0.5556')} - 0.3}{0.5}`);
    expect(tex).toContain('= 0.804');
    expect(tex).toContain('= 0.249');
  });
});

describe('uncertainty formula on the run’s scale', () => {
  it('prints min(p, 1 − p) on the released scale', () => {
    expect(uncertaintyTex(0.3, 'min')).toContain('\\min(0.300,\\ 0.700) = 0.300');
  });
  it('prints 1 − 2|p − ½| on the paper’s scale, and no min', () => {
    const tex = uncertaintyTex(0.3, 'linear');
    // 1 − 2 · |0.3 − 0.5| = 0.6
    expect(tex).toContain('1 - 2\\,|0.300 - 0.5| = 0.600');
    expect(tex).not.toContain('\\min');
  });
});

describe('clip, gate, tool and reward formulas', () => {
  it('clip band from ε_low and ε_high, dual clip only when set', () => {
    const tex = clipTex(0.1, 0.25, null);
    expect(tex).toContain(term('band', '0.9'));
    expect(tex).toContain(term('band', '1.25'));
    expect(tex).not.toContain('dual');
    expect(clipTex(0.2, 0.2, 2.5)).toContain(`-A\\cdot ${term('dual', '2.5')}`);
  });
  it('the gate prints its threshold and the record’s p after it', () => {
    const kept = { rawP: 0.6, p: 0.6, gated: false };
    expect(gateTex(0.25, kept, TEX_EN)).toContain(`\\hat p > ${term('gate', '0.25')}`);
    expect(gateTex(0.25, kept, TEX_EN)).toMatch(/= 0\.60$/);
    expect(gateTex(0.25, { rawP: 0.6, p: 0, gated: true }, TEX_EN)).toMatch(/= 0$/);
    // Without the gate (minP null), p = p̂.
    expect(gateTex(null, kept, TEX_EN)).toBe(`${term('p', 'p')} = \\hat p = 0.60`);
  });
  it('tool term and reward with the run’s weights', () => {
    expect(toolTex(0.07, 3)).toContain('0.07\\cdot\\min(N_i,\\ 3)');
    // R = 0.4 − 2 · 0.25 + 0.1 = 0
    expect(rewardTex(2, 0.4, 2, 0.25, 0.1, 0)).toContain('- 2\\cdot');
    expect(rewardTex(2, 0.4, 2, 0.25, 0.1, 0)).toContain('= 0.400 - 0.500 + 0.100 = 0.000');
  });
});

describe('the executor under GRPO', () => {
  const { executor } = makeConfig('classroom', { executor: { algorithm: 'grpo', epsHigh: 0.25 } });
  const tex = executorGrpoTex(executor.epsLow, executor.epsHigh, executor.dualClip);

  it('prints GRPO’s advantage and its one clip band [1 − 0.2, 1 + 0.25], and nothing of ADPO', () => {
    expect(tex).toContain(`${term('A', 'A_i')} = \\frac{${term('r', 'r_i')} - ${term('mean', '\\mu')}}`);
    expect(tex).toContain(term('band', '0.8'));
    expect(tex).toContain(term('band', '1.25'));
    expect(tex).not.toMatch(/g\(s\)|varepsilon_\{high\}|term=g\}|term=eps\}|dual/);
    expect(executorGrpoTex(0.2, 0.2, 3)).toContain(`-A\\cdot ${term('dual', '3')}`);
  });

  it('says so in words, with the band it used', () => {
    const clip = { epsLow: 0.2, epsHigh: 0.25, dualClip: null };
    const grpo = EXECUTOR_ALGORITHMS.grpo;
    expect(NOTES_EN.executorGrpo(clip, grpo)).toContain('GRPO');
    expect(NOTES_EN.executorGrpo(clip, grpo)).toContain('[0.8, 1.25], with no dual clip');
    expect(NOTES_KO.executorGrpo(clip, grpo)).toContain('[0.8, 1.25]');
    expect(NOTES_EN.executorGrpo({ ...clip, dualClip: 3 }, grpo)).toContain('dual clip c = 3');
  });
});

describe('the tool term’s weight in words', () => {
  // Released 0.05 and the paper's 0.6, written here as literals, apart from the constants.
  const say = (perCall: number) => [NOTES_EN.toolWeight(perCall, 0.05, 0.6), NOTES_KO.toolWeight(perCall, 0.05, 0.6)];

  it('names each of the four cases: none, the released weight, the paper’s, and any other', () => {
    const [none, noneKo] = say(0);
    expect(none).toMatch(/^This run has no tool term \(0 per call\)/);
    expect(none).toContain('released code weighs each call 0.05, the paper 0.6');
    expect(noneKo).toMatch(/^이 실행에는 도구 항이 없습니다 \(호출당 0\)/);
    expect(say(0.05)[0]).toBe(
      'The tool term weighs each call 0.05, as Agent0’s released code does; the paper’s λ_tool is 0.6.',
    );
    expect(say(0.05)[1]).toContain('공개 코드처럼 호출 한 번에 0.05');
    expect(say(0.6)[0]).toBe(
      'The tool term weighs each call 0.6, the paper’s λ_tool; Agent0’s released code uses 0.05.',
    );
    expect(say(0.6)[1]).toContain('논문대로 호출 한 번에 0.6');
    const [other, otherKo] = say(0.3);
    expect(other).toContain('weighs each call 0.3 here');
    expect(other).toContain('neither Agent0’s released 0.05 nor the paper’s λ_tool of 0.6');
    expect(otherKo).toContain('호출 한 번에 0.3입니다');
    expect(otherKo).toContain('공개 코드의 0.05도 논문의 0.6도 아닙니다');
  });
});

describe('ADPO’s advantage', () => {
  it('prints the Â the update used, not a product computed again', () => {
    // g = 0.6267 and A = 1.5 multiply to 0.940; a recorded Â of 0.93 shows which one is printed, and
    // since no printed terms give it, the equation says ≈ (issue 61 item 6).
    expect(adpoAdvantageTex(0.6267, 1.5, 0.93)).toMatch(/= 0\.626700 \\cdot 1\.500000 \\approx 0\.930$/);
    // 0.6267 · 1.5 = 0.94005 → "0.940", but the three-decimal 0.627 · 1.500 = 0.9405 → "0.941":
    // four decimals, 0.6267 · 1.5000 = 0.94005, check.
    expect(adpoAdvantageTex(0.6267, 1.5, 0.94005)).toMatch(/= 0\.6267 \\cdot 1\.5000 = 0\.940$/);
  });
});
