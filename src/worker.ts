/**
 * The one module Worker bundle behind both labs: the Agent0 loop (engine/worker.ts) or the repair
 * lab (repair/worker.ts), chosen by the worker's `name` (lab-worker-names.ts). Vite bundles every
 * worker URL as a build of its own, so two worker entries each carried their own copy of tfjs and
 * the model (1.35 MB and more, twice); as two dynamic imports of one entry they share one set of
 * chunks, and each lab still loads only its own code.
 *
 * Messages that arrive while the lab's module loads are held and given to it once it listens.
 */

import { LAB_WORKER_NAMES } from './lab-worker-names';

const scope = self as unknown as Worker & { name: string };
const held: MessageEvent[] = [];
const hold = (event: MessageEvent): void => void held.push(event);
scope.addEventListener('message', hold);

const lab = scope.name === LAB_WORKER_NAMES.repair ? import('./repair/worker') : import('./engine/worker');
void lab.then(() => {
  scope.removeEventListener('message', hold);
  for (const event of held.splice(0)) {
    scope.dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }));
  }
});
