/**
 * The repair lab's live run names its backend and why the ones tried first could not run in plain
 * words, with spaces between sentences (issue 61 item 11 found "computing on wasm· webgpu not
 * available here: requestAdapter() returned no adapter").
 */
import { describe, expect, it } from 'vitest';
import { BACKEND_WHY_EN } from '../../../../src/ui/text/backend-en';
import { BACKEND_WHY_KO } from '../../../../src/ui/text/backend-ko';

describe('the live run backend line', () => {
  it('says in plain English where it computes and why WebGPU is not used', () => {
    expect(BACKEND_WHY_EN.computingOn('WASM')).toBe('Computing on the processor (WASM).');
    expect(BACKEND_WHY_EN.computingOn('WebGPU')).toBe('Computing on the graphics card (WebGPU).');
    expect(BACKEND_WHY_EN.skipped('WebGPU', 'no-adapter', 'requestAdapter() returned no adapter')).toBe(
      'WebGPU cannot be used here: the browser found no graphics card it may use.',
    );
    // An unknown reason is the browser's own words.
    expect(BACKEND_WHY_EN.skipped('WebGL', null, 'context lost')).toBe('WebGL cannot be used here: context lost.');
  });
  it('says the same in Korean, with no API name', () => {
    expect(BACKEND_WHY_KO.computingOn('WASM')).toBe('프로세서(WASM)로 계산하고 있습니다.');
    const line = BACKEND_WHY_KO.skipped('WebGPU', 'no-adapter', 'requestAdapter() returned no adapter');
    expect(line).not.toContain('requestAdapter');
    expect(line).toMatch(/^WebGPU은\(는\) 여기서 쓸 수 없습니다: /);
  });
});
