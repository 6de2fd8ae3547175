import { describe, expect, it } from 'vitest';
import { phaseNumbers } from '../../../../src/ui/lib/phase-figures';

describe('the phases each chapter explains, as strip numbers', () => {
  it('matches the strip: 1 questioner writes … 10 evaluation', () => {
    expect(phaseNumbers('loop')).toBe('');
    expect(phaseNumbers('contracts')).toBe('1–2');
    expect(phaseNumbers('reward')).toBe('3–4');
    expect(phaseNumbers('labelling')).toBe('6–8');
    expect(phaseNumbers('grpo')).toBe('5');
    expect(phaseNumbers('adpo')).toBe('9');
    expect(phaseNumbers('curves')).toBe('10');
    expect(phaseNumbers('repair')).toBe('');
  });
});
