/**
 * Formulas whose printed terms give the printed result (issue 61 item 6): the GRPO figure printed
 * "(0.019 − (0.023)) / (0.042 + 10⁻⁶) = −0.112" and the compare story "0.76 against 0.89 … 0.12
 * lower". Every case below is worked by hand in its comment.
 */
import { describe, expect, it } from 'vitest';
import { checkedDigits, differenceDigits, differenceTexts } from '../../../../src/ui/lib/format';
import { grpoTex, rewardTex, term } from '../../../../src/ui/lib/tex';

const grpo = ([r, m, s]: number[]) => ((r as number) - (m as number)) / ((s as number) + 1e-6);

describe('checkedDigits', () => {
  it('adds decimals until the printed GRPO terms give the printed advantage', () => {
    // True: (0.019262 − 0.023468) / 0.042014 = −0.10011 → "−0.100".
    // 3 decimals: (0.019 − 0.023) / 0.042001 = −0.09524 → "−0.095": does not check.
    // 4 decimals: (0.0193 − 0.0235) / 0.042001 = −0.09999 → "−0.100": checks.
    expect(checkedDigits([0.019262, 0.023468, 0.042013], grpo, -0.1001095, 3)).toBe(4);
  });
  it('keeps three decimals where they already check', () => {
    // 0.804 · 0.556 = 0.44702 → "0.447", as the true 0.8044 · 0.5556 = 0.44692.
    expect(checkedDigits([0.8044, 0.5556], ([g, a]) => (g as number) * (a as number), 0.8044 * 0.5556, 3)).toBe(3);
  });
  it('is null when no printable number of decimals checks', () => {
    // σ = 0 and R − μ = 10⁻⁷: A = 10⁻⁷ / 10⁻⁶ = 0.1, but R rounds to 0.000000 at six decimals.
    expect(checkedDigits([1e-7, 0, 0], grpo, 0.1, 3)).toBeNull();
  });
});

describe('differenceDigits', () => {
  it('prints 0.764 and 0.885 with three decimals (0.89 − 0.76 = 0.13, not the true 0.121)', () => {
    expect(differenceDigits(0.764, 0.885)).toBe(3);
    expect(differenceTexts(0.764, 0.885)).toEqual({ a: '0.764', b: '0.885', gap: '0.121' });
  });
  it('keeps two where two check', () => {
    expect(differenceTexts(0.7, 0.8)).toEqual({ a: '0.70', b: '0.80', gap: '0.10' });
  });
});

describe('the formulas on screen', () => {
  it('GRPO prints the terms that give its result', () => {
    const tex = grpoTex(0.019262, 0.023468, 0.042013, -0.1001095);
    expect(tex).toContain('\\frac{0.0193 - (0.0235)}{0.0420 + 10^{-6}} = -0.100');
  });
  it('GRPO says ≈ where no terms check', () => {
    expect(grpoTex(1e-7, 0, 0, 0.1)).toContain('+ 10^{-6}} \\approx 0.100');
  });
  it('the reward prints parts whose sum is its total', () => {
    // U = 0.3334, w·|C|/B = 0.1116, tool = 0.0004: R = 0.2222 → "0.222"; at three decimals
    // 0.333 − 0.112 + 0.000 = 0.221, at four 0.3334 − 0.1116 + 0.0004 = 0.2222.
    const tex = rewardTex(2, 0.3334, 1, 0.1116, 0.0004, 0.2222);
    expect(tex).toContain(`${term('tool', '\\text{tool}_{2}')} = 0.3334 - 0.1116 + 0.0004 = 0.222`);
  });
});
