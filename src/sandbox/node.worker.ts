/** The Node sandbox worker (a worker_threads Worker started by node.ts). */
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { NODE_GLOBALS } from './harden.ts';
import { serve } from './runtime.ts';
import type { ToWorker } from './types.ts';

// V8's collector, taken from a fresh context once the flag exposes it; a closure here, never a
// global Python could reach (V8's flags are the process's: contexts made later in this process also
// get a `gc`; this worker's own global, made before, does not).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const port = parentPort;
if (!port) throw new Error('node.worker.ts must run in a worker thread');
serve({
  post: (message) => port.postMessage(message),
  listen: (handler) => port.on('message', (message: ToWorker) => handler(message)),
  strip: NODE_GLOBALS,
  testHook: (workerData as { testHook?: unknown } | null)?.testHook === true,
  collectGarbage,
  jsHeapBytes: () => {
    // The young generation is left out: it is mostly garbage, collected every few megabytes, and
    // its swings (up to about 10 MB) would drown the growth the bound looks for.
    const heap = getHeapStatistics();
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    return heap.used_heap_size - (young?.space_used_size ?? 0) + heap.external_memory;
  },
});
