/**
 * Table 5 of a live run so far (coevolution.ts), as the engine worker computes it on request: each
 * kept executor, frozen (a fresh model loaded from its file, disposed after its row), answers the
 * question pool of every finished iteration with the sandbox as its tool, as `npm run coevolution`
 * does. Refused, with why, before the first iteration and for a loaded run.
 */
import { ProblemError, reportOf } from '../../core/problem-error';
import { Tokenizer } from '../../core/tokenizer';
import { TinyLM } from '../../model/model';
import type { Sandbox } from '../../sandbox/types';
import type { CoevolutionRow } from '../files/coevolution-table';
import type { Engine } from '../loop/engine';
import { sandboxToolRunner } from '../loop/tool-runner';
import type { EngineEvent } from '../protocol';
import { coevolutionRow } from './coevolution';
import type { ExecutorSnapshots } from './executor-snapshots';
import { answerableCounts, poolsOfTrace } from './pools';

export async function liveTable5(
  e: Engine,
  sandbox: Sandbox | null,
  snapshots: ExecutorSnapshots,
  post: (event: EngineEvent) => void,
): Promise<void> {
  if (!sandbox) throw new ProblemError([{ kind: 'engine-not-ready' }]);
  const done = e.summaries.length;
  const frozen = snapshots.forTable(done);
  if (typeof frozen === 'string') {
    const refusal = new ProblemError([{ kind: 'coevolution-unavailable', cause: frozen }]);
    post({ type: 'refused', message: refusal.message, report: reportOf(refusal) });
    return;
  }
  const pools = poolsOfTrace(e.trace.filter((r) => r.iteration <= done));
  const total = frozen.length * pools.length;
  const tokenizer = new Tokenizer();
  const rows: CoevolutionRow[] = [];
  post({ type: 'coevolution-progress', done: 0, total });
  for (const [i, { solver, bytes }] of frozen.entries()) {
    const model = TinyLM.fromCheckpoint(bytes, tokenizer);
    try {
      rows.push(
        await coevolutionRow(solver, model, pools, e.config, sandboxToolRunner(sandbox), (j) =>
          post({ type: 'coevolution-progress', done: i * pools.length + j + 1, total }),
        ),
      );
    } finally {
      model.dispose();
    }
  }
  post({ type: 'coevolution', rows, iterations: done, source: 'computed', questions: answerableCounts(pools) });
}
