import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABLATION_VARIANTS, DEFAULT_REPAIR_CONFIG, type RepairVariant } from '../../../../src/core/repair/config';
import { parseAction } from '../../../../src/core/repair/actions';
import { TERMINATIONS, type Termination } from '../../../../src/core/repair/episode';
import type {
  EpisodeMetrics,
  RepairIterationRecord,
  RepairRunRecord,
  SampleView,
} from '../../../../src/repair/records';
import { summarizeRun } from '../../../../src/repair/summary';
import { asRepairRun, recordedSeeds, withSeeds } from '../../../../src/repair/recording';
import {
  advantageKind,
  curveSeries,
  dec3,
  maskedStacks,
  maxWeight,
  processRuleTable,
  sampleAdvantagePairs,
  stack,
  terminationStacks,
  tokenSegments,
  liveStyle,
  runStyles,
  variantStyle,
} from '../../../../src/ui/repair/repair-views';

const terminations = (over: Partial<Record<Termination, number>> = {}): Record<Termination, number> =>
  Object.fromEntries(TERMINATIONS.map((t) => [t, over[t] ?? 0])) as Record<Termination, number>;

const metrics = (compileRate: number, strictAccuracy: number, meanSteps: number): EpisodeMetrics => ({
  episodes: 4,
  compileRate,
  strictAccuracy,
  meanSteps,
  terminations: terminations({ submit: 1 }),
});

/** Tokens a b | obs | c d e: step 0 (w 0.5), an observation, step 1 (w 2, masked). */
const sample = (over: Partial<SampleView> = {}): SampleView => ({
  tokens: ['a', 'b', '> ', 'ok', 'c', 'd', 'e'],
  stepOfToken: [0, 0, -1, -1, 1, 1, 1],
  steps: [
    { text: 'ab', observation: 'ok', rule: 'check', score: 0.8, weight: 0.5, trained: true },
    { text: 'cde', observation: '', rule: 'verifiedSubmit', score: 0.9, weight: 2, trained: false },
  ],
  termination: 'submit',
  compiles: true,
  matches: false,
  tier: 0.5,
  scored: true,
  signal: {
    reward: 0.5,
    inStats: true,
    advantage: 0.7,
    advantageAllIn: 0.7,
    advantageMaskedOut: -0.2,
    maskCause: 'none',
  },
  ...over,
});

const iteration = (i: number, strict: number, env: number, degen: number): RepairIterationRecord => ({
  iteration: i,
  train: {
    ...metrics(0.5, strict, 3),
    terminations: terminations({ submit: 0.75, context: 0.25 }),
    meanReward: 0.4,
    tiers: [1, 2, 1],
    masked: { environment: env, degenerate: degen },
    noSignalGroups: 0,
  },
  update: { updates: 1, skipped: 0, loss: 0, kl: 0, clipFraction: 0, gradNorm: 0, trainedTokens: 10 },
  eval: metrics(0.6 + i / 100, strict, 4 - i / 10),
  group: {
    task: {
      id: 't',
      defect: 'missing-colon',
      category: 'syntax',
      lines: ['def f(x)', ' return x', 'assert f(1)==1'],
      fixed: ['def f(x):', ' return x', 'assert f(1)==1'],
      defectLine: 1,
    },
    samples: [sample(), sample()],
  },
  seconds: 1,
});

const variant: RepairVariant = { name: 'layered', reward: 'layered', weights: 'none', governance: false };
const run = (n: number): RepairRunRecord => ({
  variant,
  baseline: metrics(0.25, 0.05, 5),
  iterations: Array.from({ length: n }, (_, k) => iteration(k + 1, (k + 1) / 10, 0.125, 0.0625)),
});
const file = (runs: unknown[], otherSeeds: unknown[] = []) => ({
  format: 'agent0-lab-repair-run',
  version: 2,
  config: DEFAULT_REPAIR_CONFIG,
  backend: 'wasm',
  minutes: 1,
  runs,
  otherSeeds,
});

/** Another seed of the same one-variant ablation: its held-out numbers after `finals.length` iterations. */
const otherSeed = (seed: number, finals: number[], name = 'layered') => ({
  seed,
  minutes: 2,
  baseline: { compileRate: 0.25, strictAccuracy: 0.05, meanSteps: 5 },
  variants: [{ name, eval: finals.map((strictAccuracy) => ({ compileRate: 0.7, strictAccuracy, meanSteps: 4 })) }],
});

describe('reading a recorded repair ablation', () => {
  it('accepts a well-formed file and names what is wrong with others', () => {
    expect(asRepairRun(file([run(2)])).runs[0]?.iterations).toHaveLength(2);
    expect(() => asRepairRun(null)).toThrow(/not a recorded repair ablation/);
    expect(() => asRepairRun({ format: 'agent0-lab-run', version: 1 })).toThrow(/not a recorded repair ablation/);
    expect(() => asRepairRun({ ...file([run(1)]), version: 1 })).toThrow(/version 1/);
    expect(() => asRepairRun(file([]))).toThrow(/at runs: expected at least one variant run/);
    expect(() => asRepairRun(file([{ ...run(1), iterations: [] }]))).toThrow(/at runs\[0\]\.iterations/);
    const bad = run(2);
    (bad.iterations[1] as RepairIterationRecord).group.samples[1] = sample({ stepOfToken: [0, 0, 0] });
    expect(() => asRepairRun(file([run(1), bad]))).toThrow(
      /at runs\[1\]\.iterations\[1\]\.group\.samples\[1\]\.tokens/,
    );
    const outOfRange = run(1);
    (outOfRange.iterations[0] as RepairIterationRecord).group.samples[0] = sample({
      stepOfToken: [0, 0, -1, -1, 1, 1, 2],
    });
    expect(() => asRepairRun(file([outOfRange]))).toThrow(/stepOfToken\[6\]/);
  });

  it('checks the other seeds: a new seed each, the same variants in order, held-out numbers', () => {
    const two = asRepairRun(file([run(2)], [otherSeed(2, [0.3, 0.4]), otherSeed(3, [0.5])]));
    // The recorded seed (DEFAULT_REPAIR_CONFIG.seed = 1) first, from its runs: finals 0.1, 0.2.
    expect(recordedSeeds(two).map((s) => [s.seed, s.variants[0]?.eval.map((m) => m.strictAccuracy)])).toEqual([
      [1, [0.1, 0.2]],
      [2, [0.3, 0.4]],
      [3, [0.5]],
    ]);
    expect(() => asRepairRun({ ...file([run(1)]), otherSeeds: undefined })).toThrow(/at otherSeeds: expected a list/);
    expect(() => asRepairRun(file([run(1)], [otherSeed(1, [0.3])]))).toThrow(
      /at otherSeeds\[0\]: expected a seed not already/,
    );
    expect(() => asRepairRun(file([run(1)], [otherSeed(2, [0.3]), otherSeed(2, [0.3])]))).toThrow(/at otherSeeds\[1\]/);
    expect(() => asRepairRun(file([run(1)], [otherSeed(2, [0.3], 'binary-strict')]))).toThrow(
      /at otherSeeds\[0\]\.variants: expected the variants of runs/,
    );
    expect(() => asRepairRun(file([run(1)], [otherSeed(2, [])]))).toThrow(/at otherSeeds\[0\]\.variants/);
    const noStrict = otherSeed(2, [0.3]);
    (noStrict.variants[0]?.eval[0] as Record<string, unknown>).strictAccuracy = '0.3';
    expect(() => asRepairRun(file([run(1)], [noStrict]))).toThrow(
      /at otherSeeds\[0\]\.variants\[0\]\.eval\[0\]\.strictAccuracy: expected a number/,
    );
  });

  it('adds other recordings’ seeds when only the seed differs, and refuses anything else', () => {
    const one = asRepairRun(file([run(2)]));
    const seedOf = (seed: number, runs = [run(3)]) =>
      asRepairRun({ ...file(runs), config: { ...DEFAULT_REPAIR_CONFIG, seed } });
    const merged = withSeeds(one, [
      seedOf(4),
      asRepairRun({ ...file([run(1)], [otherSeed(6, [0.9])]), config: { ...DEFAULT_REPAIR_CONFIG, seed: 5 } }),
    ]);
    expect(recordedSeeds(merged).map((s) => [s.seed, s.variants[0]?.eval.at(-1)?.strictAccuracy])).toEqual([
      [1, 0.2],
      [4, 0.3],
      [5, 0.1],
      [6, 0.9],
    ]);
    expect(merged.runs).toBe(one.runs);
    expect(() => withSeeds(one, [seedOf(1)])).toThrow('seed 1 is there twice.');
    expect(() =>
      withSeeds(one, [
        asRepairRun({ ...file([run(1)]), config: { ...DEFAULT_REPAIR_CONFIG, seed: 2, failureRate: 0.1 } }),
      ]),
    ).toThrow("seed 2: its settings differ from seed 1's beyond the seed.");
    const other = run(1);
    other.variant = { ...variant, name: 'full' };
    expect(() => withSeeds(one, [seedOf(2, [other])])).toThrow('seed 2: variants full, not layered.');
  });

  it('writes three decimals without a negative zero', () => {
    expect(dec3(0.8660224)).toBe('0.866');
    expect(dec3(-0.0004)).toBe('0.000');
    expect(dec3(-1.5)).toBe('-1.500');
    expect(dec3(2)).toBe('2.000');
  });
});

describe('repair view data', () => {
  it('draws eval curves from the base model (iteration 0) and the masked share from training', () => {
    const r = run(2);
    expect(curveSeries(r, 'strictAccuracy')).toEqual([
      { iteration: 0, value: 0.05 },
      { iteration: 1, value: 0.1 },
      { iteration: 2, value: 0.2 },
    ]);
    expect(curveSeries(r, 'meanSteps').map((p) => p.value)).toEqual([5, 3.9, 3.8]);
    expect(curveSeries(r, 'maskedShare')).toEqual([
      { iteration: 1, value: 0.1875 },
      { iteration: 2, value: 0.1875 },
    ]);
  });

  it('cuts a completion into step runs carrying their weight; observations have none', () => {
    const segs = tokenSegments(sample());
    expect(segs.map((s) => [s.step, s.tokens.join(''), s.weight, s.trained, s.rule, s.score])).toEqual([
      [0, 'ab', 0.5, true, 'check', 0.8],
      [-1, '> ok', null, false, null, null],
      [1, 'cde', 2, false, 'verifiedSubmit', 0.9],
    ]);
    expect(maxWeight([sample()])).toBe(2);
    expect(maxWeight([sample({ steps: [] })])).toBe(1);
  });

  it('knows which advantage the update used', () => {
    const config = DEFAULT_REPAIR_CONFIG;
    expect(advantageKind(variant, config)).toBe('all-in');
    expect(advantageKind({ ...variant, governance: true }, config)).toBe('all-in');
    expect(
      advantageKind(
        { ...variant, governance: true },
        { ...config, governance: { ...config.governance, environmentInStats: 'drop' } },
      ),
    ).toBe('masked-out');
    expect(
      advantageKind(variant, { ...config, governance: { ...config.governance, environmentInStats: 'drop' } }),
    ).toBe('all-in');
    const masked = sample({
      signal: {
        reward: 0,
        inStats: false,
        advantage: 0,
        advantageAllIn: -1.2,
        advantageMaskedOut: 0,
        maskCause: 'environment',
      },
    });
    expect(sampleAdvantagePairs([sample(), masked])).toEqual([
      { sample: 0, allIn: 0.7, maskedOut: -0.2, used: 0.7, inStats: true, maskCause: 'none' },
      { sample: 1, allIn: -1.2, maskedOut: 0, used: 0, inStats: false, maskCause: 'environment' },
    ]);
  });

  it('stacks masked shares by cause and termination shares per iteration', () => {
    expect(
      stack([
        { key: 'a', value: 0.25 },
        { key: 'b', value: 0.125 },
      ]),
    ).toEqual([
      { key: 'a', value: 0.25, y0: 0, y1: 0.25 },
      { key: 'b', value: 0.125, y0: 0.25, y1: 0.375 },
    ]);
    const m = maskedStacks(run(2));
    expect(m.map((c) => c.iteration)).toEqual([1, 2]);
    expect(m[0]?.parts.map((p) => [p.key, p.y0, p.y1])).toEqual([
      ['environment', 0, 0.125],
      ['degenerate', 0.125, 0.1875],
    ]);
    const ends = terminationStacks(run(1))[0]?.parts ?? [];
    expect(ends.map((p) => p.key)).toEqual([...TERMINATIONS]);
    expect(ends.find((p) => p.key === 'context')).toMatchObject({ value: 0.25, y0: 0.75, y1: 1 });
  });

  it('summarises a variant for the table (last iteration, run-mean masked share, mean strict of the last five)', () => {
    // strict 0.1 … 0.7: the last five are 0.3 … 0.7, mean 0.5
    const row = summarizeRun(run(7));
    expect(row.final).toEqual({ compileRate: 0.6 + 7 / 100, strictAccuracy: 0.7, meanSteps: 4 - 7 / 10 });
    expect(row.lastFiveStrict).toBeCloseTo(0.5, 12);
    expect(row.maskedShare).toBeCloseTo(0.1875, 12);
    expect(summarizeRun(run(2)).lastFiveStrict).toBeCloseTo(0.15, 12);
  });

  it('lists the judge’s rules with their action and score', () => {
    const rows = processRuleTable();
    expect(rows).toHaveLength(15);
    const by = Object.fromEntries(rows.map((r) => [r.rule, [r.action, r.score]]));
    expect(by.supersededCheck).toEqual(['check', 0.3]);
    expect(by.malformed).toEqual(['any', 0]);
    expect(by.fixingEdit).toEqual(['edit', 1]);
    expect(by.defectLineEdit).toEqual(['edit', 0.6]);
    expect(by.redundantCheck).toEqual(['check', 0.1]);
    expect(by.runBroken).toEqual(['run', 0.4]);
    expect(by.redundantRun).toEqual(['run', 0.1]);
    expect(by.verifiedSubmit).toEqual(['submit', 0.9]);
    expect(by.unverifiedSubmit).toEqual(['submit', 0.3]);
  });

  it('gives variants distinct colours, then dashes', () => {
    const colors = Array.from({ length: 7 }, (_, i) => variantStyle(i).color);
    expect(new Set(colors).size).toBe(7);
    expect(variantStyle(0).dash).toBeNull();
    expect(variantStyle(7)).toEqual({ color: colors[0], dash: '5 3' });
  });

  it('gives each live variant its own colour, none of them a recorded variant’s', () => {
    const recorded = ABLATION_VARIANTS.map((_, i) => variantStyle(i).color.toLowerCase());
    const live = ABLATION_VARIANTS.map((v) => liveStyle(v.name).color.toLowerCase());
    expect(new Set(live).size).toBe(ABLATION_VARIANTS.length);
    for (const c of live) expect(recorded).not.toContain(c);
    // «live · full» was drawn in binary-compile's blue (#0072B2): the eighth run took colour 0.
    expect(liveStyle('full').color.toLowerCase()).not.toBe('#0072b2');
    // the live run is styled by its variant, after the recorded runs, whatever its position
    const runs = [...ABLATION_VARIANTS, { name: 'live · binary-strict' }].map((v) => ({ variant: { name: v.name } }));
    const styles = runStyles(runs, ABLATION_VARIANTS.length, 'binary-strict');
    expect(styles.slice(0, 7)).toEqual(ABLATION_VARIANTS.map((_, i) => variantStyle(i)));
    expect(styles[7]).toEqual(liveStyle('binary-strict'));
    expect(styles[7]?.color).not.toBe(liveStyle('full').color);
  });
});

describe('the shipped recorded ablation', () => {
  it('shows no trajectory as repaired whose last run of its final snippet raised, or whose judge saw it raise', () => {
    const rec = asRepairRun(JSON.parse(readFileSync('public/runs/repair-ablation.json', 'utf8')));
    let lastRunFailed = 0;
    for (const r of rec.runs)
      for (const it of r.iterations)
        for (const [k, s] of it.group.samples.entries()) {
          const where = `${r.variant.name} it ${it.iteration} #${k}`;
          if (s.raised !== undefined) expect(s.tier, `${where} raised ${s.raised}`).toBeLessThan(1);
          const kinds = s.steps.map((st) => parseAction(st.text).kind);
          const lastRun = kinds.lastIndexOf('run');
          if (lastRun < 0 || kinds.slice(lastRun + 1).includes('edit')) continue;
          // the final snippet is the one that run saw: an exception there is no repair ('' when the
          // episode ended at that step, before any observation)
          const seen = s.steps[lastRun]?.observation ?? '';
          if (seen === 'ok' || seen === '') continue;
          lastRunFailed++;
          expect(
            s.tier,
            `${where}: ${s.steps.map((st) => `${st.text.trim()} → ${st.observation}`).join('; ')}`,
          ).toBeLessThan(1);
        }
    // the check has something to check: the recording holds such trajectories
    expect(lastRunFailed).toBeGreaterThan(0);
  });

  it('passes the check, and every sample’s used advantage is the one the views mark', () => {
    const rec = asRepairRun(JSON.parse(readFileSync('public/runs/repair-ablation.json', 'utf8')));
    for (const r of rec.runs) {
      const kind = advantageKind(r.variant, rec.config);
      for (const it of r.iterations) {
        expect(it.group.samples).toHaveLength(rec.config.groupSize);
        for (const s of it.group.samples)
          expect(s.signal.advantage).toBe(kind === 'all-in' ? s.signal.advantageAllIn : s.signal.advantageMaskedOut);
      }
    }
  });
});
