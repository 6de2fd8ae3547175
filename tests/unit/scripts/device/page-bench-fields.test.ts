/** The page bench's line is checked for every field issue #62 item 3 names. */
import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS, missingFields } from '../../../../scripts/device/page-bench-fields';

const FULL = {
  pageBench: {
    chromium: '156',
    adapter: { vendor: 'nvidia', architecture: 'hopper', description: 'H100' },
    chosen: { backend: 'webgpu', basis: 'measured', why: ['…'] },
    iteration: {
      webgpu: { iterations: [{ iterationSeconds: 10 }] },
      wasm: { iterations: [{ iterationSeconds: 60 }] },
    },
    dispatches: { perTrainStep: { median: 153 }, perTokenStep: { median: 24 } },
    fusedChecks: { passed: true },
  },
};

describe('missingFields', () => {
  it('finds none in a full line', () => {
    expect(missingFields(JSON.stringify(FULL))).toEqual([]);
  });
  it('names a field that is null or absent', () => {
    const line = structuredClone(FULL);
    (line.pageBench.dispatches.perTokenStep as { median: number | null }).median = null;
    delete (line.pageBench as Partial<typeof line.pageBench>).fusedChecks;
    expect(missingFields(JSON.stringify(line))).toEqual(['dispatches.perTokenStep.median', 'fusedChecks.passed']);
  });
  it('names every field when the line is not the bench JSON', () => {
    expect(missingFields('{"pageBench":{"error":"x"}}')).toHaveLength(REQUIRED_FIELDS.length - 0);
    expect(missingFields('Error: no chromium')).toEqual([...REQUIRED_FIELDS]);
  });
});
