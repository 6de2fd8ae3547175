/**
 * One `tiny` iteration end to end (base checkpoint, WASM backend, real Pyodide sandbox), checked
 * against the loop's invariants rather than against recorded numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { createNodeEngine, type NodeEngine } from '../../../../src/engine/node';
import { ProblemError } from '../../../../src/core/problem-error';
import { restoreRun, saveRun } from '../../../../src/engine/files/persist';
import { decodeRun, encodeRun } from '../../../../src/engine/files/run-checkpoint';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { PHASES } from '../../../../src/engine/loop/trace';

const config = makeConfig('tiny', { seed: 5 });
let run: NodeEngine;
let first: PhaseRecord[];
let second: PhaseRecord[];

const ofPhase = <P extends PhaseRecord['phase']>(records: PhaseRecord[], phase: P) =>
  records.filter((r): r is Extract<PhaseRecord, { phase: P }> => r.phase === phase);

beforeAll(async () => {
  run = await createNodeEngine(config);
  first = await run.engine.runIteration();
  second = await run.engine.runIteration();
}, 240_000);

afterAll(async () => {
  await run?.dispose();
});

describe('a tiny iteration', () => {
  it('runs every phase once, in order', () => {
    expect(first.map((r) => r.phase)).toEqual([...PHASES]);
    expect(first.every((r) => r.iteration === 1)).toBe(true);
    expect(second.every((r) => r.iteration === 2)).toBe(true);
  });

  it('reads the contracts in the contract-parsing phase: the rollouts record holds only what was written', () => {
    const [written] = ofPhase(first, 'questioner-rollouts');
    const [parsed] = ofPhase(first, 'contract-parsing');
    const n = config.questioner.prompts * config.questioner.rolloutsPerPrompt;
    expect(written?.rollouts).toHaveLength(n);
    for (const r of written?.rollouts ?? []) expect(Object.keys(r).sort()).toEqual(['group', 'text']);
    expect(parsed?.contracts).toHaveLength(n);
    expect(parsed?.total).toBe(n);
    expect(parsed?.valid).toBe(parsed?.contracts.filter((c) => c.question !== null).length);
    // A violation carries neither a question nor an answer nor the oracle's answer.
    for (const c of parsed?.contracts ?? [])
      if (c.question === null) expect([c.answer, c.trueAnswer]).toEqual([null, null]);
  });

  it('numbers the executor rollouts by group, n to a group, one group per question trained on', () => {
    for (const r of ofPhase([...first, ...second], 'executor-update')) {
      const n = config.executor.rolloutsPerPrompt;
      expect(r.rollouts.map((x) => x.group)).toEqual(r.questions.flatMap((_, g) => Array.from({ length: n }, () => g)));
    }
  });

  it('gives zero-sum advantages inside each group that has a spread', () => {
    const groups = [
      ...ofPhase(first, 'questioner-update').flatMap((r) => r.stats.groups),
      ...ofPhase(first, 'executor-update').flatMap((r) => r.stats?.groups ?? []),
    ];
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      const sum = g.advantages.reduce((a, b) => a + b, 0);
      if (g.std > 0) expect(Math.abs(sum)).toBeLessThan(1e-9);
      else expect(g.advantages.every((a) => a === 0)).toBe(true);
    }
  });

  it('never puts loss on prompt or observation tokens', () => {
    const details = [
      ...ofPhase(first, 'questioner-update').map((r) => r.stats.tokens),
      ...ofPhase(first, 'executor-update').map((r) => r.stats?.tokens ?? {}),
    ];
    let observed = 0;
    let withTool = 0;
    for (const bag of details) {
      for (const d of Object.values(bag)) {
        d.mask.forEach((m, t) => {
          if (m === 0) expect(d.advantage[t] === 0).toBe(true);
        });
        // Every token inside an ```output block was appended by the environment: mask 0.
        const text = d.pieces.join('');
        if (text.includes('```output')) withTool++;
        let pos = 0;
        d.pieces.forEach((piece, t) => {
          const before = text.slice(0, pos);
          const inObservation = before.lastIndexOf('```output') > before.lastIndexOf('\n```\n');
          if (inObservation) {
            observed++;
            expect(d.mask[t], `token ${JSON.stringify(piece)} inside an observation`).toBe(0);
          }
          pos += piece.length;
        });
      }
    }
    if (withTool > 0) expect(observed).toBeGreaterThan(0);
  });

  it('scores self-labels in ninths and keeps only the band', () => {
    const labels = ofPhase(first, 'self-labelling').flatMap((r) => r.labels);
    const kept = new Set(ofPhase(first, 'curation')[0]?.keptIndices);
    for (const [i, l] of labels.entries()) {
      expect(l.votes).toHaveLength(9);
      expect(l.votes.every((v) => v.trim() !== '')).toBe(true);
      expect(Math.abs(l.score * 9 - Math.round(l.score * 9))).toBeLessThan(1e-9);
      expect(kept.has(i)).toBe(l.score >= 0.3 - 1e-9 && l.score <= 0.8 + 1e-9);
    }
    const executor = ofPhase(first, 'executor-update')[0];
    for (const q of executor?.questions ?? []) {
      expect(q.score).toBeGreaterThanOrEqual(0.3 - 1e-9);
      expect(q.score).toBeLessThanOrEqual(0.8 + 1e-9);
    }
  });

  it('keeps the tensor count flat across iterations', () => {
    const end1 = first.at(-1)?.numTensors;
    const end2 = second.at(-1)?.numTensors;
    expect(end1).toBeGreaterThan(0);
    expect(end2).toBe(end1);
  });

  it('resumes from a checkpoint exactly', async () => {
    const bytes = await saveRun(run.engine);
    const resumed = await createNodeEngine(config, { sandbox: run.sandbox });
    try {
      restoreRun(resumed.engine, bytes);
      const a = (await run.engine.runIteration()).at(-1);
      const b = (await resumed.engine.runIteration()).at(-1);
      expect(b?.phase).toBe('evaluation');
      expect(JSON.stringify(a && 'result' in a ? a.result : null)).toBe(
        JSON.stringify(b && 'result' in b ? b.result : null),
      );
      expect(resumed.engine.summaries.map((s) => s.heldOutAccuracy)).toEqual(
        run.engine.summaries.map((s) => s.heldOutAccuracy),
      );
      const corrupt = bytes.slice();
      const middle = corrupt.length >> 1;
      corrupt[middle] = (corrupt[middle] as number) ^ 0xff;
      expect(() => restoreRun(resumed.engine, corrupt)).toThrow(/checksum/);
      // A well-formed run file whose questioner section is no model file of this build is refused by role.
      const whole = decodeRun(bytes);
      const [, x, qOpt, xOpt] = whole.sections;
      const foreign = encodeRun({ ...whole, sections: [new Uint8Array(8), x, qOpt, xOpt] });
      let refused: unknown = null;
      try {
        restoreRun(resumed.engine, foreign);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(ProblemError);
      // (The detail is the model check's own sentence, src/model/checkpoint.ts.)
      expect((refused as ProblemError).problems).toMatchObject([{ kind: 'checkpoint-model', role: 'questioner' }]);
    } finally {
      await resumed.dispose();
    }
  }, 240_000);
});
