/** English words of the Table 5 view (the Korean file says the same). */
import { PAPER_TABLE5 } from '../../core/paper';
import type { Table5Finding } from '../../engine/studies/table5-finding';
import { fmt, pct, signed } from '../lib/format';
import type { CoevolutionTexts } from './coevolution-types';

const paperPass = (pool: number) => pct(PAPER_TABLE5.pass[pool - 1] as number);

function finding(f: Table5Finding): string {
  if (f.kind === 'short')
    return 'With a single pool there is nothing to compare yet: the paper’s comparison needs the pools of at least two iterations.';
  if (f.kind === 'no-cells')
    return `The executor frozen after iteration 1 has no cell on pool 1 or pool ${f.pool} (the oracle answers none of that pool’s questions), so this run cannot be set beside the paper.`;
  const noise = `two standard errors (±${fmt(2 * f.standardError, 1)} points)`;
  const moved = f.withinNoise
    ? `shows no measurable change: ${signed(f.change, 1)} points, inside ${noise}`
    : `${f.change < 0 ? 'falls' : 'rises'} ${fmt(Math.abs(f.change), 1)} points, more than ${noise}`;
  const verdict = f.withinNoise
    ? 'so this run cannot tell whether the later questions are harder for it'
    : f.change < 0
      ? 'so the later questions are harder for it, as in the paper'
      : 'so by this measure the later questions are easier for it, unlike the paper';
  return (
    `Here the executor frozen after iteration 1 passes ${pct(f.passFrom)} of pool 1’s ${f.questionsFrom} questions and ${pct(f.passTo)} of pool ${f.pool}’s ${f.questionsTo}: ` +
    `its pass rate ${moved}, ${verdict} (paper: falls ${fmt(-f.paperChange, 1)} points, ${paperPass(1)} → ${paperPass(f.pool)}, on ${PAPER_TABLE5.questions} questions a pool). ` +
    `Its tool calls per rollout go from ${fmt(f.toolFrom, 2)} to ${fmt(f.toolTo, 2)} (paper: ${fmt(PAPER_TABLE5.toolCalls[0], 2)} → ${fmt(f.paperToolTo, 2)}).`
  );
}

export const COEVOLUTION_EN: CoevolutionTexts = {
  title: 'Table 5: frozen executors on every iteration’s questions',
  intro: (samples) =>
    `As in Agent0’s Table 5, an executor frozen after an iteration (the base model, after iterations 1 and 3, and after the last) answers the question pool of every iteration: ${samples} rollouts with the Python tool per question, sampled as in self-labelling and judged against the oracle. If the questioner keeps pace with the solver, later pools are harder for the same frozen executor: along its row the pass rate falls and the tool calls rise.`,
  executor: (solver) => (solver === 0 ? 'base model' : `after iteration ${solver}`),
  pool: (pool) => `pool ${pool}`,
  executorsAxis: 'frozen executor',
  poolsAxis: 'question pool of iteration',
  calls: (calls) => `${calls} calls`,
  cellTip: (executor, pool, pass, calls) =>
    `executor ${executor}, pool of iteration ${pool}\npass rate ${pass}\ntool calls per rollout ${calls}`,
  noCellTip: (executor, pool) =>
    `executor ${executor}, pool of iteration ${pool}\nthe oracle answers none of its questions`,
  legend: (p) => `pass rate ${p}`,
  paperTitle: 'Agent0 (paper, Table 5): the executor after iteration 1',
  paperNote: `«Qwen3-8B», ${PAPER_TABLE5.questions} questions from each iteration’s curriculum; the paper reports this row only.`,
  paperTip: (pool, pass, calls) =>
    `paper: executor after iteration 1, pool of iteration ${pool}\npass rate ${pass}\ntool calls ${calls}`,
  recorded: (iterations) =>
    `Recorded with the run: «npm run coevolution» computed it over its ${iterations === 1 ? 'one iteration' : `${iterations} iterations`}.`,
  computed: (iterations) =>
    `Computed in this tab over the run’s ${iterations === 1 ? 'first iteration' : `first ${iterations} iterations`}.`,
  stale: (iterations) =>
    `The run has gone on to iteration ${iterations} since: press Compute again to add the newer pools and executors.`,
  compute: 'Compute',
  computeHint: (executors, samples) =>
    `It takes a while: ${executors} frozen executors each answer every question of every pool ${samples} times with the Python tool.`,
  progress: (done, total) => `${done} of ${total} cells`,
  kept: (executors) => `Executors kept so far: ${executors}.`,
  needIteration: 'Run at least one iteration: the table has one column per iteration’s question pool.',
  loaded:
    'This run was loaded from a save or a checkpoint. The table needs the executors the run had after iterations 0, 1, 3 and its last, and a save keeps only the latest, so it cannot be computed for a loaded run. Reset to start a run whose executors are kept.',
  notComputed: 'Not computed yet.',
  noTable: 'This recording carries no Table 5: «npm run coevolution -- --run FILE --out FILE» adds it.',
  finding,
};
