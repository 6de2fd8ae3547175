/**
 * The ADPO chapter's prose follows the run's `executor.algorithm` (issue 61 item 11: a GRPO run kept
 * saying "ADPO scales each group's advantages by g(s)"), in both languages.
 */
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

const body = (t: typeof EN, algorithm: 'adpo' | 'grpo'): string[] => {
  const b = t.chapters.adpo.body;
  const c = makeConfig('classroom', { executor: { algorithm } });
  return typeof b === 'function' ? b(c) : b;
};

describe('the ADPO chapter', () => {
  it('describes ADPO when ADPO runs', () => {
    expect(body(EN, 'adpo').join(' ')).toContain('ADPO scales each group’s advantages by g(s)');
    expect(body(KO, 'adpo').join(' ')).toContain('ADPO는 그룹의 어드밴티지에 g(s)를 곱합니다');
  });
  it('says GRPO runs, with its one clip band, when GRPO runs', () => {
    const c = makeConfig('classroom', { executor: { algorithm: 'grpo' } });
    const en = body(EN, 'grpo').join(' ');
    expect(en).toContain('updated by GRPO («executor.algorithm = grpo»), not ADPO');
    expect(en).not.toContain('ADPO scales each group');
    expect(en).toContain(`[${+(1 - c.executor.epsLow).toFixed(4)}, ${+(1 + c.executor.epsHigh).toFixed(4)}]`);
    const ko = body(KO, 'grpo').join(' ');
    expect(ko).toContain('ADPO가 아니라 GRPO로 갱신됩니다');
    expect(ko).not.toContain('ADPO는 그룹의');
  });
});
