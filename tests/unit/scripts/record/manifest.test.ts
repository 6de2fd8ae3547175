/**
 * The manifest of shipped artefacts (scripts/record/manifest.ts) against what is shipped and today's
 * code: every file under public/models and public/runs has a recipe; every recording's stored
 * settings are what today's preset and its recorded overrides give; each checkpoint's metadata is
 * what its last command records; every command names a script that exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ConfigOverride, makeConfig } from '../../../../src/core/config';
import { DEFAULT_REPAIR_CONFIG, selectVariants, validateRepairConfig } from '../../../../src/core/repair/config';
import { repairVocabulary } from '../../../../src/core/repair/actions';
import { DIFFICULTIES } from '../../../../src/core/tasks';
import { Tokenizer } from '../../../../src/core/tokenizer';
import { decodeAblation } from '../../../../src/engine/studies/ablation-file';
import { ABLATION_VARIANTS } from '../../../../src/engine/studies/ablation-variants';
import { configDiff } from '../../../../src/engine/files/config-diff';
import { decodeRecording } from '../../../../src/engine/files/recording';
import type { IterationSummary } from '../../../../src/engine/loop/summary';
import { decodeCheckpoint } from '../../../../src/model/checkpoint';
import { DEFAULT_MODEL_SIZES } from '../../../../src/model/config';
import { PRETRAIN_ARGS, pretrainMetadata } from '../../../../src/model/pretrain/options';
import { REPAIR_PRETRAIN_ARGS, repairPretrainMetadata } from '../../../../src/repair/pretrain-options';
import { asRepairRun } from '../../../../src/repair/recording';
import {
  type AblationEntry,
  type Artefact,
  type BaseModelEntry,
  MANIFEST,
  type RepairModelEntry,
  type RepairRecordingEntry,
  type RunRecordingEntry,
  inOrder,
} from '../../../../scripts/record/manifest';

const SHIPPED_DIRS = ['public/models', 'public/runs'];
const read = (path: string) => readFileSync(path, 'utf8');
const of = <K extends Artefact['kind']>(kind: K) =>
  MANIFEST.filter((a): a is Extract<Artefact, { kind: K }> => a.kind === kind);
/** Settings that differ between a file and today's, one line each (the failure message). */
const diffLines = (stored: unknown, today: unknown) =>
  configDiff([stored, today]).map(
    (d) => `${d.path}: recorded ${JSON.stringify(d.values[0])}, today ${JSON.stringify(d.values[1])}`,
  );
/** A summary without its wall-clock seconds (the only field that differs between equal runs). */
const withoutSeconds = ({ seconds: _, ...rest }: IterationSummary) => rest;

describe('the manifest of shipped artefacts', () => {
  it('lists every file under public/models and public/runs, and every entry exists', () => {
    // A `.partial` checkpoint is pretrain's work in progress (git-ignored), not shipped.
    const shipped = SHIPPED_DIRS.flatMap((d) =>
      readdirSync(d)
        .filter((f) => !f.endsWith('.partial'))
        .map((f) => `${d}/${f}`),
    ).sort();
    expect(shipped).toEqual(MANIFEST.map((a) => a.path).sort());
    for (const a of MANIFEST) expect(existsSync(a.path), a.path).toBe(true);
    expect(new Set(MANIFEST.map((a) => a.name)).size).toBe(MANIFEST.length);
  });

  it('names only npm scripts that exist in package.json, whose files exist, and needs that are entries', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const a of MANIFEST) {
      expect(a.steps.length, a.name).toBeGreaterThan(0);
      for (const need of a.needs)
        expect(
          MANIFEST.map((b) => b.name),
          a.name,
        ).toContain(need);
      for (const { argv } of a.steps) {
        expect(['npm', 'git'], argv.join(' ')).toContain(argv[0]);
        if (argv[0] !== 'npm') continue;
        expect([argv[1], argv[3]], argv.join(' ')).toEqual(['run', '--']);
        const command = scripts[argv[2] as string];
        expect(command, `npm run ${argv[2]}`).toBeDefined();
        const file = /^tsx (\S+)$/.exec(command as string)?.[1];
        expect(file && existsSync(file), command).toBe(true);
      }
    }
    // `--all` regenerates each artefact after what it needs.
    const order = inOrder([]).map((a) => a.name);
    for (const a of MANIFEST) for (const n of a.needs) expect(order.indexOf(n)).toBeLessThan(order.indexOf(a.name));
  });
});

describe("each shipped recording's settings are today's", () => {
  it.each(of('run').map((a) => [a.name, a] as [string, RunRecordingEntry]))(
    '%s: its config is makeConfig(preset, overrides) today',
    (_, a) => {
      const run = decodeRecording(read(a.path));
      const today = makeConfig(a.preset, { ...a.overrides, seed: a.seed } as ConfigOverride);
      expect(diffLines(run.config, today), a.path).toEqual([]);
      expect(run.config).toEqual(today);
      expect([run.preset, run.summaries.length, run.coevolution !== undefined]).toEqual([
        a.preset,
        a.iterations,
        a.table5,
      ]);
    },
  );

  it.each(of('ablation').map((a) => [a.name, a] as [string, AblationEntry]))(
    '%s: its variants are ABLATION_VARIANTS on the manifest’s preset, seeds and iterations',
    (_, a) => {
      // decodeAblation refuses a file whose variants or their settings are not the registry's.
      const file = decodeAblation(read(a.path));
      expect([file.preset, file.seeds, file.iterations]).toEqual([a.preset, [...a.seeds], a.iterations]);
      expect(file.variants.map((v) => [v.id, v.set])).toEqual(ABLATION_VARIANTS.map((v) => [v.id, v.set]));
      for (const v of file.variants)
        for (const r of v.runs) expect(r.summaries.length, `${v.id} seed ${r.seed}`).toBe(a.iterations);
      const today = makeConfig(a.preset);
      expect(file.questions).toBe(DIFFICULTIES.length * today.evaluation.questionsPerDifficulty);
    },
  );

  it("coevolution-ablation: the full run on a recorded run's seed repeats that run's first iterations", () => {
    // The ablation file keeps no settings per run, so its full variant (the defaults) is tied to a
    // recording of the defaults whose settings the test above checks: the engine is deterministic,
    // so the same settings and seed give the same summaries.
    const [ablation] = of('ablation');
    const intended = of('run').find((r) => Object.keys(r.overrides).length === 0 && r.preset === ablation?.preset);
    expect(ablation && intended).toBeTruthy();
    const file = decodeAblation(read((ablation as AblationEntry).path));
    const full = file.variants.find((v) => v.id === 'full')?.runs.find((r) => r.seed === intended?.seed);
    const recorded = decodeRecording(read((intended as RunRecordingEntry).path));
    expect(full?.baseline).toBe(recorded.baseline?.accuracy);
    expect(full?.summaries.map(withoutSeconds)).toEqual(
      recorded.summaries.slice(0, file.iterations).map(withoutSeconds),
    );
  });

  it.each(of('repair-run').map((a) => [a.name, a] as [string, RepairRecordingEntry]))(
    "%s: its config is DEFAULT_REPAIR_CONFIG with the manifest's seed and iterations today",
    (_, a) => {
      const file = asRepairRun(JSON.parse(read(a.path)));
      const today = validateRepairConfig({
        ...structuredClone(DEFAULT_REPAIR_CONFIG),
        seed: a.seed,
        iterations: a.iterations,
      });
      expect(diffLines(file.config, today), a.path).toEqual([]);
      expect(file.config).toEqual(today);
      expect(file.runs.map((r) => r.variant.name)).toEqual(selectVariants(a.variants).map((v) => v.name));
      for (const r of file.runs) expect(r.iterations.length, r.variant.name).toBe(a.iterations);
      expect(file.otherSeeds.map((s) => s.seed)).toEqual([...a.otherSeeds]);
    },
  );
});

describe("each shipped checkpoint's header is what its recipe writes", () => {
  const header = (path: string) => decodeCheckpoint(new Uint8Array(readFileSync(path))).header;
  /** The metadata but the smoothed loss (an outcome of the run, not an option). */
  const options = (meta: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(meta).filter(([key]) => key !== 'smoothedLoss'));

  it.each(of('base-model').map((a) => [a.name, a] as [string, BaseModelEntry]))(
    "%s: its metadata is the last pretrain link's options, its vocabulary today's",
    (_, a) => {
      const last = a.recipe.at(-1);
      expect(last?.commit).toBeNull();
      const { values } = parseArgs({ args: [...(last?.args ?? [])], options: PRETRAIN_ARGS, strict: true });
      expect(values.out).toBe(a.path);
      const h = header(a.path);
      expect(options(h.meta)).toEqual(pretrainMetadata(values, Number(values.steps)));
      // The links this tree reruns are the regeneration's pretrain steps, in order.
      const pretrainSteps = a.steps.filter((s) => s.argv[2] === 'pretrain').map((s) => s.argv.slice(4));
      expect(pretrainSteps).toEqual(a.recipe.filter((l) => l.commit === null).map((l) => [...l.args]));
      const vocab = new Tokenizer().vocab;
      expect(h.vocab).toEqual(vocab);
      expect(h.config).toEqual({ ...DEFAULT_MODEL_SIZES, vocabSize: vocab.length });
    },
  );

  it.each(of('repair-model').map((a) => [a.name, a] as [string, RepairModelEntry]))(
    '%s: its metadata is its pretrain:repair options, its vocabulary today’s',
    (_, a) => {
      const { values } = parseArgs({ args: [...a.args], options: REPAIR_PRETRAIN_ARGS, strict: true });
      expect(values.out).toBe(a.path);
      const h = header(a.path);
      expect(options(h.meta)).toEqual(repairPretrainMetadata(values, Number(values.steps)));
      const vocab = new Tokenizer(repairVocabulary()).vocab;
      expect(h.vocab).toEqual(vocab);
      expect(h.config).toEqual({ ...DEFAULT_MODEL_SIZES, vocabSize: vocab.length });
    },
  );
});
