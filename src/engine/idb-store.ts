/**
 * Run checkpoints in IndexedDB (browser). Each save is one `put` in one transaction, which commits
 * whole or not at all, so a failed save leaves the previous checkpoint of that slot intact.
 */
import { ProblemError } from '../core/problem-error';

const DB_NAME = 'agent0-lab';
const STORE = 'runs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error(`IndexedDB could not be opened: ${req.error?.message ?? 'unknown error'}.`));
  });
}

async function transact<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = body(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onabort = tx.onerror = () =>
        reject(new Error(`IndexedDB ${mode} failed: ${tx.error?.message ?? 'unknown error'}.`));
    });
  } finally {
    db.close();
  }
}

export async function saveSlot(slot: string, bytes: Uint8Array): Promise<void> {
  await transact('readwrite', (s) => s.put(bytes, slot));
}

export async function loadSlot(slot: string): Promise<Uint8Array> {
  const value = await transact('readonly', (s) => s.get(slot) as IDBRequest<Uint8Array | undefined>);
  if (!(value instanceof Uint8Array)) throw new ProblemError([{ kind: 'no-saved-run', slot }]);
  return value;
}
