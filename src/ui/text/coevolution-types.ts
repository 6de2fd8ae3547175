/** The words of the Table 5 view (src/ui/figures/coevolution-map/CoevolutionMap.svelte): frozen executors on every iteration's pool. */
import type { Table5Finding } from '../../engine/studies/table5-finding';

export interface CoevolutionTexts {
  title: string;
  /** What the table is, with the run's `labelling.samples`. */
  intro: (samples: number) => string;
  /** A row: the executor frozen after iteration `solver` (0: the base model). */
  executor: (solver: number) => string;
  /** A column: the question pool of iteration `pool`. */
  pool: (pool: number) => string;
  executorsAxis: string;
  poolsAxis: string;
  /** Tool calls per rollout written in a cell (`calls` already formatted). */
  calls: (calls: string) => string;
  cellTip: (executor: string, pool: number, pass: string, calls: string) => string;
  noCellTip: (executor: string, pool: number) => string;
  /** A legend swatch: the colour of pass rate `p` (formatted). */
  legend: (p: string) => string;
  paperTitle: string;
  paperNote: string;
  paperTip: (pool: number, pass: string, calls: string) => string;
  recorded: (iterations: number) => string;
  computed: (iterations: number) => string;
  stale: (iterations: number) => string;
  compute: string;
  computeHint: (executors: number, samples: number) => string;
  progress: (done: number, total: number) => string;
  kept: (executors: string) => string;
  needIteration: string;
  loaded: string;
  notComputed: string;
  noTable: string;
  /** One sentence from the run's own numbers: the executor after iteration 1, pool 1 against pool 3. */
  finding: (f: Table5Finding) => string;
}
