/**
 * Python sandboxes side by side. A batched rollout hands a whole turn's programs over at once and
 * waits for all of them, while the model's thread idles; one runtime runs them one after the
 * other, two halve that wait (every call starts from the same fresh state, so which runtime runs a
 * program does not change what it prints: runtime.ts fixes the string hash for the same reason).
 */
import type { MemoryStats, Sandbox } from './types.ts';

/** Most Python runtimes the engine starts: each costs a Pyodide start-up (seconds) and its memory. */
export const MAX_PYTHON_WORKERS = 2;

/** Runtimes for a machine with `cores` logical processors: one per core, at most MAX_PYTHON_WORKERS. */
export function pythonWorkerCount(cores: number): number {
  return Math.max(1, Math.min(MAX_PYTHON_WORKERS, Math.floor(cores) || 1));
}

/**
 * One sandbox over `members`: each call goes to the member with the fewest calls in flight (the
 * first of them on a tie) among those `boot` has started, or among all before any has; `memory`
 * sums their figures, `dispose` stops them all. A single member is returned as it is.
 *
 * `boot` starts them one after another, saying as each is ready: two Pyodide start-ups side by side
 * on a 2-core machine each took as long as both one after the other (compiling the interpreter
 * takes what cores there are), so the first runtime is ready in about half the time, and the calls
 * made meanwhile run there instead of waiting for the second. A member that fails to start is
 * passed over; `boot` rejects with the first failure once the others have been tried.
 */
export function sandboxPool(members: readonly Sandbox[]): Sandbox {
  if (members.length === 0) throw new Error('a sandbox pool needs at least one sandbox');
  if (members.length === 1) return members[0] as Sandbox;
  const inFlight = members.map(() => 0);
  const started = members.map(() => false);
  const leastBusy = (): number => {
    const open = started.some(Boolean) ? members.map((_, i) => i).filter((i) => started[i]) : members.map((_, i) => i);
    return open.reduce(
      (best, i) => ((inFlight[i] as number) < (inFlight[best] as number) ? i : best),
      open[0] as number,
    );
  };
  return {
    async run(code, options) {
      const i = leastBusy();
      inFlight[i] = (inFlight[i] as number) + 1;
      try {
        return await (members[i] as Sandbox).run(code, options);
      } finally {
        inFlight[i] = (inFlight[i] as number) - 1;
      }
    },
    async memory(): Promise<MemoryStats> {
      const all = await Promise.all(members.map((m) => m.memory()));
      return {
        wasmBytes: all.reduce((s, m) => s + m.wasmBytes, 0),
        pyObjects: all.reduce((s, m) => s + m.pyObjects, 0),
        jsHeapBytes: all.reduce((s, m) => s + m.jsHeapBytes, 0),
      };
    },
    async boot(onStarted) {
      let failure: unknown = null;
      let ready = 0;
      for (const [i, m] of members.entries()) {
        try {
          await m.boot();
          started[i] = true;
          onStarted?.(++ready, members.length);
        } catch (err) {
          failure ??= err instanceof Error ? err : new Error(String(err));
        }
      }
      if (failure !== null) throw failure;
    },
    async dispose() {
      await Promise.all(members.map((m) => m.dispose()));
    },
  };
}
