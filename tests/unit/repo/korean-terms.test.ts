/**
 * One Korean word for one term across the page's Korean text (src/ui/text/*-ko.ts, ko.ts): the
 * advantage A is 어드밴티지 (issue 61 item 11 found 이점 beside it), and a fork of a run is 분기
 * (not 가르기, which reads as "teaching/splitting"), and the proxy's gate is 관문 (not 게이트).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = 'src/ui/text';
const korean = readdirSync(DIR)
  .filter((f) => /(^|-)ko\.ts$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(`${DIR}/${f}`, 'utf8') }));

describe('Korean terms', () => {
  it('reads the Korean text files', () => {
    expect(korean.map((k) => k.file)).toContain('ko.ts');
    expect(korean.map((k) => k.file)).toContain('classroom-ko.ts');
  });
  it('calls the advantage 어드밴티지 everywhere, never 이점', () => {
    expect(korean.filter((k) => k.text.includes('이점')).map((k) => k.file)).toEqual([]);
    expect(korean.some((k) => k.text.includes('어드밴티지'))).toBe(true);
  });
  it('calls the gate 관문, never 게이트', () => {
    expect(korean.filter((k) => k.text.includes('게이트')).map((k) => k.file)).toEqual([]);
  });
  it('calls a fork 분기, never 가르기', () => {
    expect(korean.filter((k) => k.text.includes('가르기')).map((k) => k.file)).toEqual([]);
  });
});
