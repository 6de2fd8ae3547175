/**
 * The interpreter's pristine state, saved once after start-up and put back after every program
 * (runtime.ts), so that nothing one program changes — modules, caches, registries, builtins,
 * objects waiting for a finalizer — is there for the next: the next program runs in the state the
 * snapshot holds, whatever the previous one did, not because a check noticed a difference.
 *
 * What the interpreter's state is made of, and how each part comes back:
 *  - Its WebAssembly linear memory (every Python object, the allocator, the C globals). Laid out
 *    as [static data | stack | heap up to the allocator's break (sbrk) | unused]. Between calls the
 *    stack holds nothing live above its pointer: memory [0, stack end) and [stack pointer at the
 *    snapshot, heap break at the snapshot) are copied back, and [heap break at the snapshot,
 *    heap break now) is zeroed (the allocator never gives memory back, so the break only grows,
 *    and nothing above it was ever handed out). Memory never shrinks: when it has grown, the
 *    region above the snapshot's break is zeroed all the same, and the host replaces a worker whose
 *    memory grew past its bound (host.ts).
 *  - The stack pointer (a WebAssembly global): set back to its value at the snapshot.
 *  - Pyodide's table of JS values Python holds (hiwire): every slot set back to its value at the
 *    snapshot, slots added since emptied; the Maps among its immortal values (the lookup from a JS
 *    object to the reference holding it) get their entries at the snapshot back.
 *  - The table of functions (WebAssembly's indirect function table): it only grows, when a
 *    library is loaded or a callback made, neither of which a program in the sandbox can do; if it
 *    did grow, `changed` says so and the host replaces the worker.
 *  - The in-memory file system, which lives in JS objects: snapshot-files.ts.
 */

/** The parts of Pyodide's Emscripten module the snapshot reads and writes. */
export interface InterpreterModule {
  HEAPU8: Uint8Array;
  /** The allocator's break: `_sbrk(0)` reads it. */
  _sbrk(increment: number): number;
  /** The lowest address of the stack (it grows down from its base). */
  _emscripten_stack_get_end(): number;
  stackSave(): number;
  stackRestore(pointer: number): void;
  __hiwire_get(index: number): unknown;
  __hiwire_set(index: number, value: unknown): number;
  __hiwire_immortal_get(index: number): unknown;
  wasmTable: { length: number };
}

/** What `snapshotInterpreter` returns: put the saved state back, or say it cannot be. */
export interface InterpreterSnapshot {
  /** Copies the saved memory back, zeroes what the heap gained, resets the stack pointer and the
   *  JS value table. */
  restore(): void;
  /** Why the state cannot be put back in place (the worker must be replaced), or null. */
  changed(): string | null;
  /** Bytes the snapshot copies back per restore. */
  bytes: number;
}

/** Every slot of Pyodide's JS value table, read until the first index past its end. */
function hiwireSlots(module: InterpreterModule): unknown[] {
  const slots: unknown[] = [];
  for (;;) {
    try {
      slots.push(module.__hiwire_get(slots.length));
    } catch {
      return slots;
    }
  }
}

/** The Maps among Pyodide's immortal JS values (its map from a JS object to the reference that
 *  already holds it), each with its entries now: a program that passes JS objects into Python adds
 *  entries there, which would name references the restore has emptied. */
function immortalMaps(module: InterpreterModule): [Map<unknown, unknown>, [unknown, unknown][]][] {
  const maps: [Map<unknown, unknown>, [unknown, unknown][]][] = [];
  for (let i = 0; ; i++) {
    let value: unknown;
    try {
      value = module.__hiwire_immortal_get(i);
    } catch {
      return maps;
    }
    if (value instanceof Map) maps.push([value, [...value.entries()]]);
  }
}

/** Saves the interpreter's state now; call between programs (no Python frame running). */
export function snapshotInterpreter(module: InterpreterModule): InterpreterSnapshot {
  const stackEnd = module._emscripten_stack_get_end();
  const stackPointer = module.stackSave();
  const heapBreak = module._sbrk(0);
  if (!(stackEnd < stackPointer && stackPointer < heapBreak && heapBreak <= module.HEAPU8.length)) {
    throw new Error('the interpreter memory is not laid out as the snapshot expects (data, stack, heap)');
  }
  const low = module.HEAPU8.slice(0, stackEnd);
  const high = module.HEAPU8.slice(stackPointer, heapBreak);
  const slots = hiwireSlots(module);
  const maps = immortalMaps(module);
  const functions = module.wasmTable.length;
  return {
    bytes: low.length + high.length,
    changed: () =>
      module.wasmTable.length === functions
        ? null
        : `the interpreter's function table grew from ${functions} to ${module.wasmTable.length} entries`,
    restore() {
      const breakNow = module._sbrk(0); // read before the copy puts the old break back
      const memory = module.HEAPU8;
      memory.set(low, 0);
      memory.set(high, stackPointer);
      memory.fill(0, heapBreak, Math.max(heapBreak, Math.min(breakNow, memory.length)));
      if (module.stackSave() !== stackPointer) module.stackRestore(stackPointer);
      const now = hiwireSlots(module).length;
      for (let i = 0; i < now; i++) module.__hiwire_set(i, i < slots.length ? slots[i] : null);
      for (const [map, entries] of maps) {
        map.clear();
        for (const [key, value] of entries) map.set(key, value);
      }
    },
  };
}
