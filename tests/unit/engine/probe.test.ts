/**
 * The soak's fixed workload (src/engine/probe.ts) leaves the run alone: a `tiny` iteration with a
 * probe before and after it records exactly what the same iteration records without one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../src/core/config';
import { createNodeEngine } from '../../../src/engine/node';
import { probeEngine } from '../../../src/engine/probe';
import type { PhaseRecord } from '../../../src/engine/loop/trace';
import { createNodeSandbox } from '../../../src/sandbox/node';

const sandbox = createNodeSandbox();
afterAll(() => sandbox.dispose());

/** The records without their timings and live-tensor counts (two engines share tfjs here). */
const content = (records: PhaseRecord[]) => records.map(({ ms: _ms, numTensors: _n, ...rest }) => rest);

describe('the soak probe', () => {
  it('times a generation and a sandbox run without touching the run', async () => {
    const config = makeConfig('tiny', { seed: 3 });
    const plain = await createNodeEngine(config, { sandbox });
    const probed = await createNodeEngine(config, { sandbox });
    try {
      const want = await plain.engine.runIteration();
      const before = await probeEngine(probed.engine.models.executor, sandbox);
      const got = await probed.engine.runIteration();
      const after = await probeEngine(probed.engine.models.executor, sandbox);
      expect(content(got)).toEqual(content(want));
      for (const t of [before, after]) {
        expect(t.generationMs).toBeGreaterThan(0);
        expect(t.pythonMs).toBeGreaterThan(0);
      }
    } finally {
      await plain.dispose();
      await probed.dispose();
    }
  }, 240_000);
});
