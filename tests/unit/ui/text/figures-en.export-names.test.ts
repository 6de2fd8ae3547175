/**
 * The export buttons show "SVG" and "PNG"; their accessible names start with that word in both
 * languages (WCAG 2.5.3 Label in Name, axe's label-content-name-mismatch: issue 61 item 10 found
 * "SVG로 저장", where the visible word is not a word of the name).
 */
import { describe, expect, it } from 'vitest';
import { FIGURES_EN } from '../../../../src/ui/text/figures-en';
import { FIGURES_KO } from '../../../../src/ui/text/figures-ko';

describe('export button names', () => {
  for (const [lang, f] of [
    ['en', FIGURES_EN],
    ['ko', FIGURES_KO],
  ] as const) {
    it(`start with the visible word, then a space or a colon (${lang})`, () => {
      expect(f.saveSvg).toMatch(/^SVG[: ]/);
      expect(f.savePng).toMatch(/^PNG[: ]/);
    });
  }
});
