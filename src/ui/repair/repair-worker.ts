import { LAB_WORKER_NAMES } from '../../lab-worker-names';

/** The repair lab's module Worker (src/repair/worker.ts, behind src/worker.ts), created where Vite can see its URL. */
export function createRepairWorker(): Worker {
  return new Worker(new URL('../../worker.ts', import.meta.url), { type: 'module', name: LAB_WORKER_NAMES.repair });
}
