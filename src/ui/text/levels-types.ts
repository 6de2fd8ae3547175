/** The words of the Curves' level maps (src/ui/figures/curves/LevelMaps.svelte): levels × iterations. */
import type { LevelGridKind } from '../lib/level-grid';

export interface LevelTexts {
  /** What the maps show, above them. */
  intro: string;
  /** Each map's title. */
  title: Record<LevelGridKind, string>;
  /** A row: difficulty `d`. */
  level: (d: number) => string;
  /** A column: iteration `i` (0: the base model). */
  column: (i: number) => string;
  levelsAxis: string;
  iterationsAxis: string;
  /** A cell's tooltip: the map's figure at level `d`, iteration `i`, its value (formatted) and the questions it counts. */
  tip: (kind: LevelGridKind, d: number, i: number, value: string, n: number) => string;
  /** A cell without a value. */
  noTip: (kind: LevelGridKind, d: number, i: number) => string;
  /** A legend swatch: the colour of a share `p` (formatted). */
  legend: (p: string) => string;
  /** Shown instead of the maps when the summaries hold no by-level figures. */
  none: string;
}
