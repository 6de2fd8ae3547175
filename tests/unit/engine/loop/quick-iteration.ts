/**
 * The settings of a quick one-iteration engine test: the tiny preset with the given `set` items (as
 * the command line and the URL write them), fewer pool questions, labelling samples and held-out
 * questions, and the curation band widened to [0, 1] so that every labelled question reaches the
 * executor update.
 */
import { type Agent0Config, makeConfig } from '../../../../src/core/config';
import { parseOverrides } from '../../../../src/engine/loop/overrides';

export function quickIterationConfig(seed: number, set: string[]): Agent0Config {
  return makeConfig('tiny', {
    ...parseOverrides(set),
    seed,
    pool: { questions: 4 },
    labelling: { samples: 3 },
    curation: { minScore: 0, maxScore: 1 },
    evaluation: { questionsPerDifficulty: 1 },
  } as never);
}
