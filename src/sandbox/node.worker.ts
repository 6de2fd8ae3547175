/** The Node sandbox worker (a worker_threads Worker started by node.ts). */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { NODE_GLOBALS } from './harden.ts';
import { serve } from './runtime.ts';
import type { ToWorker } from './types.ts';

const port = parentPort;
if (!port) throw new Error('node.worker.ts must run in a worker thread');
serve({
  post: (message) => port.postMessage(message),
  listen: (handler) => port.on('message', (message: ToWorker) => handler(message)),
  strip: NODE_GLOBALS,
  jsHeapBytes: () => getHeapStatistics().used_heap_size,
});
