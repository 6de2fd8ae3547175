/**
 * The words of the co-evolution figures (src/ui/figures/coevolution-contrast/): the level mix of each
 * iteration's pool, and the full run's pool difficulty against the frozen questioner's.
 */
import type { ContrastFinding, MixFinding } from '../../engine/studies/coevolution-contrast';

export interface ContrastTexts {
  mixTitle: string;
  /** What the level-mix figure draws (the recording named). */
  mixIntro: string;
  /** A bar: the pool of iteration `iteration`, `questions` questions placed by the oracle. */
  mixBar: (iteration: number, questions: number) => string;
  /** A level in the legend and the tooltips. */
  level: (level: number) => string;
  mixTip: (iteration: number, level: number, share: string, count: number) => string;
  mixAxis: string;
  /** The orange line under the levels counted hard (level ≥ `level`). */
  hardLine: (level: number) => string;
  shareAxis: string;
  mixFinding: (f: MixFinding) => string;
  contrastTitle: string;
  /** What the contrast draws, with the recording's seeds and iterations. */
  contrastIntro: (seeds: number, iterations: number) => string;
  full: string;
  frozen: string;
  iterationAxis: string;
  difficultyAxis: string;
  contrastTip: (run: string, iteration: number, mean: string, min: string, max: string) => string;
  contrastFinding: (f: ContrastFinding) => string;
  loading: string;
}
