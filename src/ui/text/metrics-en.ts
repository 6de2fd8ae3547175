/** English names of the per-iteration metrics (src/engine/loop/metrics.ts), on the Curves and in the compare view. */
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import type { MetricWords } from './page-types';

export const METRICS_EN: MetricWords = {
  heldOutAccuracy: 'held-out accuracy',
  hardAccuracy: `accuracy at difficulty ≥ ${HARD_DIFFICULTY}`,
  hardToolUse: `tool use at difficulty ≥ ${HARD_DIFFICULTY}`,
  pseudoLabelAccuracy: 'pseudo-label accuracy',
  questionerValidRate: 'valid rate',
  meanP: 'mean p before the gate',
  meanPGated: 'mean p after the gate',
  gatePass: 'gate pass rate',
  poolDifficulty: 'mean pool difficulty',
  inBandShare: 'in-band share',
  clusterCount: 'clusters',
  repeatedShare: 'in repeated clusters',
  toolUseRate: 'tool use',
  toolCallsPerTask: 'tool calls per rollout',
  clipLowFrac: 'low clip',
  clipHighFrac: 'high clip',
  kl: 'KL',
};
