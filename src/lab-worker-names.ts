/**
 * The `name` each lab's worker is created with (`new Worker(…, { name })`): src/worker.ts, the one
 * worker bundle of both labs, loads the lab it names. Apart from src/worker.ts so that the page can
 * import it without running that worker's code.
 */
export const LAB_WORKER_NAMES = { engine: 'agent0-engine', repair: 'agent0-repair' } as const;
