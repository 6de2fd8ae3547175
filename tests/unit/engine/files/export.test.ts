import { describe, expect, it } from 'vitest';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { makeConfig } from '../../../../src/core/config';
import type { Agent0Config } from '../../../../src/core/config';
import { agent0Arguments, curatedParquet } from '../../../../src/engine/files/export';
import { AGENT0_ACCEPTS, type ValueKind, valueProblem } from './agent0-keys';

describe('export', () => {
  it('writes the curated set as Parquet with Agent0’s columns problem, answer, score', async () => {
    const bytes = curatedParquet([
      { question: 'What is 3 + 4 ?', pseudoLabel: '7', score: 5 / 9 },
      { question: 'Compute 7 / 2 .', pseudoLabel: '7/2', score: 1 / 3 },
    ]);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('PAR1');
    const meta = parquetMetadata(file);
    expect(Number(meta.num_rows)).toBe(2);
    expect(meta.schema.slice(1).map((s) => [s.name, s.type])).toEqual([
      ['problem', 'BYTE_ARRAY'],
      ['answer', 'BYTE_ARRAY'],
      ['score', 'DOUBLE'],
    ]);
    expect(await parquetReadObjects({ file })).toEqual([
      { problem: 'What is 3 + 4 ?', answer: '7', score: 5 / 9 },
      { problem: 'Compute 7 / 2 .', answer: '7/2', score: 1 / 3 },
    ]);
  });

  it('maps the run’s rules onto Agent0’s script parameters', () => {
    const text = agent0Arguments(makeConfig('faithful'), 'demo');
    const lines = text.split('\n');
    for (const line of [
      'worker.rollout.n=4',
      'worker.actor.clip_ratio_high=0.3',
      'worker.actor.clip_ratio_dual=3',
      'algorithm.kl_coef=0.01',
      '--num_samples 9',
      '--min_score 0.3',
      '--max_score 0.8',
      '--experiment_name demo',
      'algorithm.adv_estimator=adpo',
      'actor_rollout_ref.actor.clip_ratio=0.2',
      '+actor_rollout_ref.actor.max_epsilon_bonus=0.1',
      '+actor_rollout_ref.actor.min_score_for_scaling=0.3',
      '+actor_rollout_ref.actor.max_score_for_scaling=0.8',
      '+algorithm.min_advantage_scale=0.6',
      'actor_rollout_ref.rollout.n=16',
      'actor_rollout_ref.agent.max_turns=4',
      // One update per batch, as Agent0's executor script: ppo_mini_batch_size = train_batch_size = 128.
      'actor_rollout_ref.actor.ppo_mini_batch_size=128',
    ])
      expect(lines).toContain(line);
    // Four updates per batch (classroom): 128 / 4 prompts per mini-batch.
    expect(agent0Arguments(makeConfig('classroom')).split('\n')).toContain(
      'actor_rollout_ref.actor.ppo_mini_batch_size=32',
    );
    const grpo = agent0Arguments(makeConfig('faithful', { executor: { algorithm: 'grpo', epsHigh: 0.28 } })).split(
      '\n',
    );
    expect(grpo).toContain('actor_rollout_ref.actor.clip_ratio_high=0.28');
    const released = agent0Arguments(makeConfig('faithful', { release: { mode: 'as-released' } })).split('\n');
    for (const line of [
      'algorithm.adv_estimator=grpo',
      'actor_rollout_ref.actor.clip_ratio_low=0.2',
      'actor_rollout_ref.actor.clip_ratio_high=0.2',
      'actor_rollout_ref.actor.clip_ratio_c=3',
    ])
      expect(released).toContain(line);
  });

  const configs: [string, Agent0Config][] = [
    ['faithful', makeConfig('faithful')],
    ['classroom', makeConfig('classroom')],
    ['tiny', makeConfig('tiny')],
    ['as-released', makeConfig('classroom', { release: { mode: 'as-released' } })],
    [
      'GRPO without dual clip',
      makeConfig('faithful', { executor: { algorithm: 'grpo' }, questioner: { dualClip: null } }),
    ],
    [
      'ADPO with moved constants',
      makeConfig('faithful', {
        executor: { epsLow: 0.15, clipScoreHigh: 0.7, clipScoreSpan: 0.4, updatesPerStep: 3 },
        loss: { aggregation: 'seq-mean-token-sum-norm' },
      }),
    ],
  ];
  it.each(configs)('writes only keys and flags Agent0’s scripts accept (%s)', (_name, config) => {
    let script: string | null = null;
    let checked = 0;
    for (const line of agent0Arguments(config, 'demo').split('\n')) {
      const named = /^# script: (\S+)/.exec(line);
      if (named) {
        script = named[1] as string;
        expect(Object.keys(AGENT0_ACCEPTS), `unknown script ${script}`).toContain(script);
        continue;
      }
      if (line === '' || line.startsWith('#')) continue;
      expect(script, `"${line}" comes before any "# script:" line`).not.toBeNull();
      const accepts = AGENT0_ACCEPTS[script as string] as Record<string, ValueKind>;
      const m = /^(--\w+) (\S+)$/.exec(line) ?? /^(\+?[\w.]+)=(\S+)$/.exec(line);
      expect(m, `"${line}" is neither key=value nor --flag value`).not.toBeNull();
      const [, key, value] = m as unknown as [string, string, string];
      const kind = accepts[key];
      expect(kind, `${script} does not accept ${key}`).toBeDefined();
      expect(valueProblem(kind as ValueKind, value), `${key}=${value}`).toBeNull();
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
