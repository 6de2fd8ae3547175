/** The repair lab's module Worker (src/repair/worker.ts), created where Vite can see its URL. */
export function createRepairWorker(): Worker {
  return new Worker(new URL('../../repair/worker.ts', import.meta.url), { type: 'module' });
}
