/** The words of the Tables 3 / 9 view (src/ui/figures/ablation-table/AblationTable.svelte): ablations over seeds. */
import type { Separation } from '../../core/stats';
import type { AblationId } from '../../engine/studies/ablation-variants';
import type { AblationFinding } from '../../engine/studies/ablation-table';

export interface AblationTexts {
  title: string;
  /** What the figure is: the variants, one run per seed, the recording's preset. */
  intro: (preset: string) => string;
  /** A variant's name, as the paper's row reads. */
  variant: Record<AblationId, string>;
  /** The measure toggle: after the last of `iterations`, or averaged over them. */
  finalMeasure: (iterations: number) => string;
  averageMeasure: (iterations: number) => string;
  /** The toggle's group name. */
  measure: string;
  /** The accuracy axis. */
  axis: string;
  /** Column heads over the chart's text columns and of the table. */
  colVariant: string;
  colSettings: string;
  colSeeds: string;
  colMean: string;
  colDifference: string;
  colSeparation: string;
  colPaperMath: string;
  colPaperGeneral: string;
  /** The full run's settings cell: it changes nothing. */
  defaults: string;
  /** A difference in percentage points (`d` already formatted with its sign). */
  points: (d: string) => string;
  /** The paper's two differences side by side in the chart (`table` 3 or 9). */
  paperPair: (math: string, general: string, table: number) => string;
  separation: Record<Separation, string>;
  /** Tooltip of one seed's dot. */
  seedTip: (variant: string, seed: number, accuracy: string) => string;
  /** Tooltip of a variant's mean. */
  meanTip: (variant: string, mean: string, min: string, max: string, difference: string) => string;
  /** The full run's seed range drawn behind every row. */
  fullBand: string;
  seedLegend: string;
  meanLegend: string;
  /** Where the paper's numbers come from, with each table's full row (`math / general`, formatted). */
  paperNote: (table3: string, table9: string) => string;
  loading: string;
  /** The sentence under the figure, from the recording's own numbers. */
  finding: (f: AblationFinding) => string;
}
