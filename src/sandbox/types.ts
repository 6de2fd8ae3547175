/** What one Python tool call produced. */
export interface RunResult {
  /** Captured standard output, capped (a marker line says when it was cut). */
  stdout: string;
  /** Captured standard error, capped the same way. */
  stderr: string;
  /** Error text (a Python traceback, a sandbox refusal or a timeout notice); absent on success. */
  error?: string;
  /** True when the run was stopped because it exceeded its time limit. */
  timedOut: boolean;
  /** True when the worker died before answering (killed, crashed, out of memory): the program's
   *  own outcome is unknown, and `error` says what happened to the worker. */
  crashed: boolean;
  /** Wall-clock milliseconds from dispatch to result (queue wait excluded). */
  ms: number;
  /** Milliseconds the worker spent running the program (absent when it never answered: a
   *  watchdog kill or a death); `ms` less this is the messages' way there and back. */
  execMs?: number;
}

/** Options of one run. */
export interface RunOptions {
  /** Time limit; past it the run is interrupted, and killed shortly after if it ignores that. */
  timeoutMs: number;
}

/** Memory figures of the sandbox's Python runtime (of its runtimes summed, for a pool), for leak checks. */
export interface MemoryStats {
  /** Size of the WebAssembly memory (it only grows). */
  wasmBytes: number;
  /** Objects Python's garbage collector tracks (`len(gc.get_objects())`). */
  pyObjects: number;
  /** Used JS heap of the worker, where the platform reports it (else 0). */
  jsHeapBytes: number;
}

/** A Python sandbox: one warm runtime, calls queued one at a time (or several such, pool.ts). */
export interface Sandbox {
  /** Runs `code` with fresh globals and returns what it printed or raised. */
  run(code: string, options: RunOptions): Promise<RunResult>;
  /** Memory figures of the current runtime (queued like a run). */
  memory(): Promise<MemoryStats>;
  /** Starts the runtime now, unless one is running or starting, and resolves once it is ready: the
   *  wait of the next call, taken ahead of time (not queued; rejects when the start fails).
   *  `onStarted(started, of)` is called as each runtime is ready (a pool has several). */
  boot(onStarted?: (started: number, of: number) => void): Promise<void>;
  /** Stops the worker; later calls reject. */
  dispose(): Promise<void>;
}

/** Host → worker messages. */
export type ToWorker =
  | { type: 'init'; indexURL: string; interrupt: SharedArrayBuffer | null }
  | { type: 'run'; id: number; code: string }
  | { type: 'memory'; id: number };

/** Worker → host messages. */
export type FromWorker =
  | {
      type: 'ready';
      /** The worker's JS heap once booted (bytes; 0 where unknown): the start its growth is measured from. */
      jsHeapBytes?: number;
    }
  | { type: 'boot-error'; message: string }
  | {
      type: 'result';
      id: number;
      stdout: string;
      stderr: string;
      error: string | null;
      interrupted: boolean;
      /** The runtime is broken (it must be replaced). */
      fatal: boolean;
      /** The call changed what the worker cannot put back in place (snapshot.ts: its function
       *  table grew): the result stands, but the worker must be replaced before the next call. */
      restart?: boolean;
      /** Size of the WebAssembly memory after the run (it never shrinks). */
      wasmBytes: number;
      /** The worker's JS heap after the run, file contents included (0 where unknown). */
      jsHeapBytes?: number;
      /** Milliseconds the worker spent on the run, from the request to the reply it posts. */
      execMs?: number;
    }
  | { type: 'memory'; id: number; stats: MemoryStats };

/**
 * The sandbox spawner's messages (page-spawner.ts): a worker that needs a Python sandbox asks the
 * page to start it, over a MessagePort, since no worker starts workers of its own (browser.ts).
 * `spawn` carries the port the new sandbox worker talks on; `terminate` ends it.
 */
export type ToSpawner = { type: 'spawn'; id: number; port: MessagePort } | { type: 'terminate'; id: number };

/** Spawner → requester: the sandbox worker `id` failed (an uncaught error, e.g. its script did not load). */
export type FromSpawner = { type: 'died'; id: number; reason: string };

/** Page → sandbox worker: the port to serve the host on (browser.worker.ts), and whether to honour
 *  the test hook (test-hook.ts; the development server only, compiled out of the build). */
export type ConnectSandbox = { type: 'connect'; port: MessagePort; testHook?: boolean };
