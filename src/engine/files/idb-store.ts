/**
 * Run checkpoints in IndexedDB (browser). Each save is one transaction, which commits whole or not
 * at all, so a failed save leaves the previous checkpoint of that slot intact. A manual save keeps
 * two generations: the save it replaces moves to `previousSlot(slot)` in the same transaction, so a
 * save that turns out bad (or a slot damaged later) still leaves the one before it to load.
 */
import { ProblemError } from '../../core/problem-error';

/** IndexedDB slot of the checkpoint the worker keeps after every iteration. */
export const AUTOSAVE_SLOT = 'agent0-lab-autosave';
/** IndexedDB slot of the page's Save / Load. */
export const SAVE_SLOT = 'agent0-lab';
/** The slot that keeps what `slot` held before its last Save (the second generation). */
export const previousSlot = (slot: string): string => `${slot}:previous`;

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

/**
 * Store `bytes` in `slot`. With `keepPrevious`, what the slot held moves to `previousSlot(slot)`
 * in the same transaction (both writes happen or neither does); without it, it is overwritten.
 */
export async function saveSlot(slot: string, bytes: Uint8Array, keepPrevious = false): Promise<void> {
  await transact<unknown>('readwrite', (s) => {
    if (!keepPrevious) return s.put(bytes, slot) as IDBRequest<unknown>;
    const held = s.get(slot) as IDBRequest<unknown>;
    held.onsuccess = () => {
      if (held.result instanceof Uint8Array) s.put(held.result, previousSlot(slot));
      s.put(bytes, slot);
    };
    return held;
  });
}

export async function loadSlot(slot: string): Promise<Uint8Array> {
  const value = await transact('readonly', (s) => s.get(slot) as IDBRequest<Uint8Array | undefined>);
  if (!(value instanceof Uint8Array)) throw new ProblemError([{ kind: 'no-saved-run', slot }]);
  return value;
}
