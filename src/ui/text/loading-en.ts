/** English words of the loading bar (the Korean file says the same). */
import type { LoadingTexts } from './loading-types';

/** Bytes in kB (1 kB = 1,000 bytes), whole. */
const kB = (bytes: number) => Math.round(bytes / 1000).toLocaleString('en');

export const LOADING_EN: LoadingTexts = {
  label: 'Loading the live run',
  steps: {
    code: 'the engine’s code',
    model: 'the base model',
    backend: 'the compute backend',
    run: 'the run’s models',
    'warm-up': 'a first training step',
    python: 'the Python sandbox',
  },
  bytes: (done, total) => (total === null ? `${kB(done)} kB` : `${kB(done)} of ${kB(total)} kB`),
  runtimes: (done, total) => `${done} of ${total} ${total === 1 ? 'runtime' : 'runtimes'} started`,
  failed: 'did not start; the first tool call starts it again',
  over: (done, total) => `${done} of ${total} steps done`,
};
