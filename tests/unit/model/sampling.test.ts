import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { sampleToken } from '../../../src/model/sampling';

/** Share of draws that gave each id. */
function frequencies(logits: number[], opts: Parameters<typeof sampleToken>[1], draws: number, seed: number): number[] {
  const rng = new Rng(seed);
  const counts = logits.map(() => 0);
  for (let i = 0; i < draws; i++) (counts[sampleToken(logits, opts, rng)] as number)++;
  return counts.map((c) => c / draws);
}

describe('sampleToken', () => {
  const logits = [0.5, 0.3, 0.15, 0.05].map(Math.log);

  it('is greedy at temperature 0 (ties to the lower id) and with top-k 1', () => {
    const rng = new Rng(1);
    expect(sampleToken([1, 3, 3, 2], { temperature: 0 }, rng)).toBe(1);
    for (let i = 0; i < 50; i++) expect(sampleToken(logits, { temperature: 1, topK: 1 }, rng)).toBe(0);
  });

  it('draws from the softmax, the top-k and the nucleus with the right probabilities', () => {
    const n = 40000;
    const tol = 0.012;
    const full = frequencies(logits, { temperature: 1 }, n, 2);
    [0.5, 0.3, 0.15, 0.05].forEach((p, i) => expect(Math.abs((full[i] as number) - p)).toBeLessThan(tol));
    // top-k 2: 0.5 / 0.8 and 0.3 / 0.8.
    const k2 = frequencies(logits, { temperature: 1, topK: 2 }, n, 3);
    expect(Math.abs((k2[0] as number) - 0.625)).toBeLessThan(tol);
    expect((k2[2] as number) + (k2[3] as number)).toBe(0);
    // top-p 0.9: 0.5 + 0.3 < 0.9 ≤ 0.95, so ids 0–2 with 0.5/0.95, 0.3/0.95, 0.15/0.95.
    const p9 = frequencies(logits, { temperature: 1, topP: 0.9 }, n, 4);
    expect(Math.abs((p9[0] as number) - 0.5 / 0.95)).toBeLessThan(tol);
    expect(Math.abs((p9[2] as number) - 0.15 / 0.95)).toBeLessThan(tol);
    expect(p9[3]).toBe(0);
    // temperature 2 on probabilities (0.8, 0.2): ∝ (√0.8, √0.2) = (2/3, 1/3).
    const t2 = frequencies([0.8, 0.2].map(Math.log), { temperature: 2 }, n, 5);
    expect(Math.abs((t2[0] as number) - 2 / 3)).toBeLessThan(tol);
  });

  it('repeats exactly under one seed', () => {
    const draw = (seed: number): number[] => {
      const rng = new Rng(seed);
      return Array.from({ length: 200 }, () => sampleToken(logits, { temperature: 0.8, topK: 3, topP: 0.95 }, rng));
    };
    expect(draw(9)).toEqual(draw(9));
    expect(draw(9)).not.toEqual(draw(10));
  });
});
