/**
 * The host side of the sandbox, shared by the browser and Node: one warm worker, calls queued one
 * at a time, an interrupt at the time limit and a watchdog that terminates and respawns the worker
 * when the interrupt is ignored (time.sleep, long C loops) or the runtime died.
 *
 * A worker holds its process (Node) only while the host waits on it: a boot someone awaits, or a
 * call in flight. An idle or respawned worker and the host's timers never keep a command alive,
 * so a script that forgets to dispose its sandbox still exits when its work is done.
 */
import type { FromWorker, MemoryStats, RunOptions, RunResult, Sandbox, ToWorker } from './types.ts';

/** A started worker, as the host sees it on either platform. */
export interface WorkerHandle {
  post(message: ToWorker): void;
  /** Registers the message handler and the handler for the worker dying (error or exit). */
  listen(onMessage: (message: FromWorker) => void, onDeath: (reason: string) => void): void;
  /** Whether the worker keeps its process alive (Node's ref/unref; nothing to do in browsers).
   *  Workers start released; the host holds one while it waits on it. */
  hold(held: boolean): void;
  terminate(): void;
}

/** How to start workers and how patient to be with them. */
export interface HostOptions {
  spawn(): WorkerHandle;
  /** Where the worker loads Pyodide from (a URL in the browser, a directory in Node). */
  indexURL: string;
  /** Time between the interrupt and the kill (default 1000 ms). */
  graceMs?: number;
  /** Time a worker may take to boot before the call fails (default 120 s). */
  bootTimeoutMs?: number;
  /** A worker whose WebAssembly memory grew past this is replaced after the run (default
   *  512 MiB; wasm memory never shrinks, so one huge allocation would otherwise stay). */
  maxWasmBytes?: number;
  /** A worker whose JS heap grew more than this past the smallest size it reported (at start-up
   *  or after a run; the smallest, since a figure may include garbage not yet collected) is
   *  replaced after the run (default 256 MiB): the in-memory files and every JS object the
   *  runtime makes live there, where the WebAssembly check does not look. */
  maxJsHeapGrowthBytes?: number;
}

/** The tunable limits of a sandbox (every platform). */
export type SandboxLimits = Pick<HostOptions, 'graceMs' | 'bootTimeoutMs' | 'maxWasmBytes' | 'maxJsHeapGrowthBytes'>;

type Reply = Extract<FromWorker, { type: 'result' | 'memory' }>;

interface Live {
  handle: WorkerHandle;
  ready: Promise<void>;
  /** This worker's interrupt buffer (absent without SharedArrayBuffer, e.g. not isolated). */
  interrupt: Int32Array | null;
  /** The smallest JS heap the worker reported, from start-up on (Infinity until then). */
  leastHeapBytes: number;
  pending: Map<number, (reply: Reply | { type: 'dead'; reason: string }) => void>;
  /** Count the host's waits on this worker (+1 when one starts, -1 when it ends); the worker
   *  holds its process while the count is positive. */
  wait(delta: 1 | -1): void;
  /** Terminates the worker: a boot in progress fails, pending calls end as crashed. */
  kill(reason: string): void;
}

/** The error text of a run stopped at its time limit. */
function timeoutText(timeoutMs: number): string {
  return `TimeoutError: the code ran longer than ${timeoutMs} ms and was stopped`;
}

/** A timer that does not keep a Node process alive (browsers have no such notion). */
function releasedTimer(run: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** Creates a sandbox around workers started by `options.spawn`. */
export function createHostedSandbox(options: HostOptions): Sandbox {
  const graceMs = options.graceMs ?? 1000;
  const bootTimeoutMs = options.bootTimeoutMs ?? 120_000;
  const maxWasmBytes = options.maxWasmBytes ?? 512 * 1024 * 1024;
  const maxJsHeapGrowthBytes = options.maxJsHeapGrowthBytes ?? 256 * 1024 * 1024;
  let live: Live | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 0;
  let disposed = false;

  function start(): Live {
    const handle = options.spawn();
    const interrupt = typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const pending: Live['pending'] = new Map();
    let booted: (() => void) | null = null;
    let failed: ((err: Error) => void) | null = null;
    const ready = new Promise<void>((ok, fail) => {
      booted = ok;
      failed = fail;
    });
    ready.catch(() => {}); // a worker killed before anyone waited for it is not an unhandled error
    const kill = (reason: string): void => {
      clearTimeout(bootTimer);
      failed?.(new Error(reason));
      for (const resolve of pending.values()) resolve({ type: 'dead', reason });
      handle.terminate();
      if (live === current) live = null;
    };
    const bootTimer = releasedTimer(
      () => kill(`the Python sandbox did not start within ${bootTimeoutMs} ms`),
      bootTimeoutMs,
    );
    let waits = 0;
    const wait = (delta: 1 | -1): void => {
      waits += delta;
      handle.hold(waits > 0);
    };
    const current: Live = { handle, ready, interrupt, leastHeapBytes: Infinity, pending, wait, kill };
    handle.listen(
      (message) => {
        if (message.type === 'ready') {
          clearTimeout(bootTimer);
          current.leastHeapBytes = message.jsHeapBytes ?? 0;
          booted?.();
        } else if (message.type === 'boot-error') kill(`the Python sandbox failed to start: ${message.message}`);
        else pending.get(message.id)?.(message);
      },
      (reason) => kill(`the Python sandbox worker died: ${reason}`),
    );
    handle.post({
      type: 'init',
      indexURL: options.indexURL,
      interrupt: interrupt ? (interrupt.buffer as SharedArrayBuffer) : null,
    });
    return current;
  }

  /** Whether a worker's JS heap of `bytes` is more than the bound past the least it reported. */
  function heapGrew(worker: Live, bytes: number): boolean {
    worker.leastHeapBytes = Math.min(worker.leastHeapBytes, bytes);
    return bytes - worker.leastHeapBytes > maxJsHeapGrowthBytes;
  }

  /** Kills a worker and, unless disposed, starts its replacement at once so that the next call
   *  finds it warm. */
  function replace(old: Live, reason: string): void {
    const wasLive = live === old;
    old.kill(reason);
    if (wasLive && !disposed) live = start();
  }

  async function current(): Promise<Live> {
    if (disposed) throw new Error('the Python sandbox was disposed');
    live ??= start();
    const worker = live;
    worker.wait(1);
    try {
      await worker.ready;
    } finally {
      worker.wait(-1);
    }
    return worker;
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task);
    queue = result.catch(() => {});
    return result;
  }

  async function execute(code: string, { timeoutMs }: RunOptions): Promise<RunResult> {
    const worker = await current();
    const id = nextId++;
    const t0 = performance.now();
    return new Promise<RunResult>((resolve) => {
      let interrupted = false;
      const finish = (result: Omit<RunResult, 'ms'>): void => {
        clearTimeout(interruptTimer);
        clearTimeout(killTimer);
        if (worker.pending.delete(id)) worker.wait(-1);
        resolve({ ...result, ms: performance.now() - t0 });
      };
      const interruptTimer = releasedTimer(() => {
        interrupted = true;
        if (worker.interrupt) Atomics.store(worker.interrupt, 0, 2);
      }, timeoutMs);
      const killTimer = releasedTimer(() => {
        finish({ stdout: '', stderr: '', error: timeoutText(timeoutMs), timedOut: true, crashed: false });
        replace(worker, 'stopped by the watchdog');
      }, timeoutMs + graceMs);
      worker.pending.set(id, (reply) => {
        if (reply.type === 'dead') {
          finish({ stdout: '', stderr: '', error: `RuntimeError: ${reply.reason}`, timedOut: false, crashed: true });
          return;
        }
        if (reply.type !== 'result') return;
        const timedOut = reply.interrupted && interrupted;
        const error = timedOut ? timeoutText(timeoutMs) : (reply.error ?? undefined);
        finish({
          stdout: reply.stdout,
          stderr: reply.stderr,
          ...(error === undefined ? {} : { error }),
          ...(reply.execMs === undefined ? {} : { execMs: reply.execMs }),
          timedOut,
          crashed: false,
        });
        if (reply.fatal) replace(worker, 'the runtime failed');
        else if (reply.restart) replace(worker, 'the call changed the runtime');
        else if (reply.wasmBytes > maxWasmBytes) replace(worker, 'its memory grew too large');
        else if (heapGrew(worker, reply.jsHeapBytes ?? 0)) replace(worker, 'its JS heap grew too large');
      });
      worker.wait(1);
      worker.handle.post({ type: 'run', id, code });
    });
  }

  async function measure(): Promise<MemoryStats> {
    const worker = await current();
    const id = nextId++;
    return new Promise<MemoryStats>((resolve, reject) => {
      worker.pending.set(id, (reply) => {
        if (worker.pending.delete(id)) worker.wait(-1);
        if (reply.type === 'memory') resolve(reply.stats);
        else reject(new Error('the Python sandbox worker died while measuring memory'));
      });
      worker.wait(1);
      worker.handle.post({ type: 'memory', id });
    });
  }

  return {
    run: (code, runOptions) => enqueue(() => execute(code, runOptions)),
    memory: () => enqueue(measure),
    boot: async (onStarted) => {
      await current();
      onStarted?.(1, 1);
    },
    async dispose() {
      disposed = true;
      if (live) replace(live, 'the sandbox was disposed');
      await queue;
    },
  };
}
