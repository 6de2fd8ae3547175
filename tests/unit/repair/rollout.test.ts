/**
 * Repair episodes with the served agent: token bookkeeping (action spans vs observations),
 * injected environment failures, reproducibility, and one lab iteration whose update touches
 * exactly the tokens governance allows, with a stable tensor count.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../../src/core/random';
import { formatRepairObservation, repairVocabulary } from '../../../src/core/repair/actions';
import { ABLATION_VARIANTS, DEFAULT_REPAIR_CONFIG, type RepairConfig } from '../../../src/core/repair/config';
import { terminationClass } from '../../../src/core/repair/episode';
import { generateRepairTask } from '../../../src/core/repair/tasks';
import { Tokenizer } from '../../../src/core/tokenizer';
import { selectBackend } from '../../../src/model/backend/backend';
import { TinyLM } from '../../../src/model/model';
import { REPAIR_CHECKPOINT } from '../../../src/repair/checkpoint-path';
import { RepairEnvironment } from '../../../src/repair/environment';
import { repairIteration } from '../../../src/repair/lab';
import { repairRollouts, type RolloutSettings } from '../../../src/repair/rollout';
import { createNodeSandbox } from '../../../src/sandbox/node';
import type { Sandbox } from '../../../src/sandbox/types';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const tokenizer = new Tokenizer(repairVocabulary());
let bytes: Uint8Array;
let model: TinyLM;
let sandbox: Sandbox;
let env: RepairEnvironment;
const SETTINGS: RolloutSettings = {
  maxSteps: 6,
  repetitionLimit: 3,
  maxActionTokens: 24,
  temperature: 1,
  failureRate: 0,
};
const tasks = (n: number, seed: number) => {
  const rng = new Rng(seed);
  return Array.from({ length: n }, () => generateRepairTask(rng));
};

beforeAll(async () => {
  await selectBackend(['wasm', 'cpu']);
  bytes = new Uint8Array(readFileSync(REPAIR_CHECKPOINT));
  model = TinyLM.fromCheckpoint(bytes, tokenizer);
  sandbox = createNodeSandbox();
  env = new RepairEnvironment(sandbox, 3_000);
});
afterAll(async () => {
  model.dispose();
  await sandbox.dispose();
});

describe('repair episodes', () => {
  it('keep action tokens in their spans and observations between them', async () => {
    const episodes = await repairRollouts(model, tasks(8, 1), env, SETTINGS, new Rng(2), new Rng(3));
    for (const e of episodes) {
      expect(e.tokens.length).toBeLessThan(model.config.contextLength);
      expect(e.spans).toHaveLength(e.steps.length);
      expect(e.steps.length).toBeLessThanOrEqual(SETTINGS.maxSteps);
      let cursor = e.promptLength;
      e.spans.forEach(([a, b], k) => {
        const step = e.steps[k];
        if (!step) throw new Error('missing step');
        expect(a).toBe(cursor);
        expect(tokenizer.decode(e.tokens.slice(a, b))).toBe(step.text);
        const obs = step.observation ? tokenizer.encode(formatRepairObservation(step.observation)) : [];
        // the observation follows the action unless the episode ended there
        if (k < e.spans.length - 1) expect(e.tokens.slice(b, b + obs.length)).toEqual(obs);
        cursor = b + (k < e.spans.length - 1 ? obs.length : 0);
      });
      expect(['submit', 'eos', 'too-many-calls', 'repetition', 'context']).toContain(e.termination);
      if (e.termination === 'submit') expect(e.steps.at(-1)?.action.kind).toBe('submit');
    }
  });

  it('are the same for the same seeds', async () => {
    const a = await repairRollouts(model, tasks(4, 5), env, SETTINGS, new Rng(6), new Rng(7));
    const b = await repairRollouts(model, tasks(4, 5), env, SETTINGS, new Rng(6), new Rng(7));
    expect(b.map((e) => e.tokens)).toEqual(a.map((e) => e.tokens));
  });

  it('end at the first check or run when every tool call fails', async () => {
    const episodes = await repairRollouts(
      model,
      tasks(8, 9),
      env,
      { ...SETTINGS, failureRate: 0.999999 },
      new Rng(10),
      new Rng(11),
    );
    for (const e of episodes) {
      const firstTool = e.steps.findIndex((s) => s.action.kind === 'check' || s.action.kind === 'run');
      if (firstTool < 0) continue;
      expect(e.steps).toHaveLength(firstTool + 1);
      expect(['sandbox-crash', 'timeout']).toContain(e.termination);
      expect(terminationClass(e.termination)).toBe('environment');
    }
    expect(episodes.some((e) => terminationClass(e.termination) === 'environment')).toBe(true);
  });
});

describe('one lab iteration', () => {
  it('trains only unmasked tokens and leaves the tensor count where it was', async () => {
    const config: RepairConfig = {
      ...DEFAULT_REPAIR_CONFIG,
      tasksPerIteration: 2,
      groupSize: 4,
      evalTasks: 7,
      failureRate: 0.3,
    };
    const policy = TinyLM.fromCheckpoint(bytes, tokenizer);
    const reference = TinyLM.fromCheckpoint(bytes, tokenizer);
    const full = ABLATION_VARIANTS.find((v) => v.name === 'full');
    if (!full) throw new Error('no full variant');
    const before = tf.memory().numTensors;
    const first = await repairIteration({ policy, reference }, env, config, full, 1);
    const middle = tf.memory().numTensors;
    await repairIteration({ policy, reference }, env, config, full, 2);
    expect(tf.memory().numTensors).toBe(middle);
    // The only tensors the first iteration leaves: the policy's derived inference weights (it
    // generates; the reference only scores), a matrix and a bias for the head and, per layer,
    // for Q, K, V and the MLP's first product.
    expect(middle).toBe(before + 2 + 8 * policy.config.nLayers);
    for (const s of first.group.samples) {
      const trained = s.steps.map((x) => x.trained);
      if (s.signal.maskCause === 'environment') expect(trained.every((x) => !x)).toBe(true);
      else if (s.signal.maskCause === 'degenerate')
        expect(trained).toEqual(s.steps.map((_, k) => k === s.steps.length - 1));
      else expect(trained.every(Boolean)).toBe(true);
      if (!s.scored) expect(s.steps.every((x) => x.weight === 1)).toBe(true);
    }
    expect(first.train.episodes).toBe(8);
    expect(first.train.tiers.reduce((a, b) => a + b, 0)).toBe(8);
    policy.dispose();
    reference.dispose();
  });
});
