import { describe, expect, it } from 'vitest';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { makeConfig } from '../../../src/core/config';
import { agent0Arguments, curatedParquet } from '../../../src/engine/export';

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
    expect(text).toContain('worker.rollout.n=4');
    expect(text).toContain('--num_samples 9');
    expect(text).toContain('--min_score 0.3 --max_score 0.8 --experiment_name demo');
    expect(text).toContain('actor_rollout_ref.rollout.n=16');
    expect(text).toContain('max_turns=4');
    expect(text).toContain('actor_rollout_ref.actor.clip_ratio_high=0.2+0.1*e(s)');
    const grpo = agent0Arguments(makeConfig('faithful', { executor: { algorithm: 'grpo', epsHigh: 0.28 } }));
    expect(grpo).toContain('actor_rollout_ref.actor.clip_ratio_high=0.28');
  });
});
