/**
 * The worker side of the sandbox, shared by the browser and Node workers: boots Pyodide offline,
 * installs the Python guard (prelude.ts), hardens the JS scope (harden.ts) and answers the host's
 * messages one at a time.
 */
import { loadPyodide } from 'pyodide';
import type { PyCallable, PyProxy } from 'pyodide/ffi';
import { freezeRealm } from './freeze-realm.ts';
import { disableFunctionConstructors, stripGlobals } from './harden.ts';
import { preludeSource } from './prelude.ts';
import { type InterpreterModule, snapshotInterpreter } from './snapshot.ts';
import { type FileSystem, snapshotFiles } from './snapshot-files.ts';
import { runsUnguarded } from './test-hook.ts';
import { warmUpPrograms } from './warm-up.ts';
import type { FromWorker, MemoryStats, ToWorker } from './types.ts';

/** Characters kept per stream per run before the cut marker. */
const OUTPUT_CAP_CHARS = 8192;

/** Bytes one program's files may add to the in-memory file system. */
export const FILE_QUOTA_BYTES = 16 * 2 ** 20;

/** How a worker talks to its host and what it strips from its own scope. */
export interface WorkerPlatform {
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
  /** Global names to remove once Pyodide has loaded. */
  strip: readonly string[];
  /** Whether this worker honours the test hook (test-hook.ts); never set in production. */
  testHook?: boolean;
  /** JS heap of this worker in bytes, the contents of its in-memory files included (0 where unknown). */
  jsHeapBytes(): number;
  /** A full garbage collection, where the platform offers one (Node). Run once before the start-up
   *  figure, so that the baseline the JS heap bound measures growth from holds no garbage from the
   *  boot, which a later collection would take away from the growth. */
  collectGarbage?(): void;
}

interface Runtime {
  run: PyCallable;
  objects: PyCallable;
  interrupt: Int32Array | null;
  wasmBytes(): number;
  /** Start a program's count of file bytes (`boundFileGrowth`). */
  resetFiles(): void;
  /** Put the interpreter and its files back as they were after start-up (snapshot.ts). */
  restore(): void;
  /** Why the state cannot be put back in place (then the host replaces the worker), or null. */
  changed(): string | null;
}

/** The part of Emscripten's file system the quota wraps (MEMFS's one table of file stream operations). */
interface MemFs {
  filesystems: { MEMFS: { ops_table: { file: { stream: { write: (...args: never[]) => number } } } } };
  ErrnoError: new (errno: number) => Error;
}
interface MemFsNode {
  usedBytes: number;
}

/**
 * Bound what one program's files may hold, outside Python: the in-memory file system (Emscripten's
 * MEMFS) keeps file contents in JS memory, which the WASM memory check does not see, and a
 * write-forever loop grew the process by gigabytes within the time limit. Every write to a MEMFS
 * file goes through one table of stream operations, wrapped here. Each file the program writes
 * counts g = max(0, size − size at its first write), updated at each of its writes; the total
 * Σ g is kept as it changes (one step a write, however many files), and a write that would take it
 * past `quota` fails with ENOSPC (Python: OSError "No space left on device"). A file truncated and
 * written again counts once. `reset` starts a program's count.
 */
function boundFileGrowth(fs: MemFs, enospc: number, quota: number): { reset(): void } {
  const ops = fs.filesystems.MEMFS.ops_table.file.stream;
  const write = ops.write as (...args: unknown[]) => number;
  /** Per file written by this program: its size at the first write, and the bytes it counts now. */
  const files = new Map<MemFsNode, { base: number; counted: number }>();
  let total = 0;
  ops.write = function (this: unknown, ...args: unknown[]): number {
    const [stream, , , length, position] = args as [{ node: MemFsNode }, unknown, number, number, number];
    const node = stream.node;
    const file = files.get(node) ?? { base: node.usedBytes, counted: 0 };
    const counted = Math.max(0, Math.max(node.usedBytes, position + length) - file.base);
    if (total - file.counted + counted > quota) throw new fs.ErrnoError(enospc);
    total += counted - file.counted;
    file.counted = counted;
    files.set(node, file);
    return write.apply(this, args);
  } as never;
  return {
    reset: () => {
      files.clear();
      total = 0;
    },
  };
}

type RunReply = Extract<FromWorker, { type: 'result' }>;

async function boot(indexURL: string, interrupt: SharedArrayBuffer | null, strip: readonly string[]): Promise<Runtime> {
  const pyodide = await loadPyodide({
    indexURL,
    jsglobals: Object.create(null) as object,
    // One string hash in every runtime (Python salts it per start otherwise): a program that prints
    // a set prints it in the same order whichever of the engine's workers runs it, on every visit.
    env: { HOME: '/scratch', PYTHONHASHSEED: '0' },
    stdout: () => {},
    stderr: () => {},
  });
  const enospc = pyodide.ERRNO_CODES.ENOSPC;
  if (enospc === undefined) throw new Error('the sandbox runtime has no ENOSPC error code for its file quota');
  const files = boundFileGrowth(pyodide.FS as unknown as MemFs, enospc, FILE_QUOTA_BYTES);
  pyodide.unregisterJsModule('js');
  pyodide.unregisterJsModule('pyodide_js');
  const buffer = interrupt ? new Int32Array(interrupt) : null;
  if (buffer) pyodide.setInterruptBuffer(buffer);
  // The prelude runs in a namespace of its own (not __main__'s globals), which nothing in user
  // code can name: its tables and guards cannot be rebound by a call.
  const scope = pyodide.toPy({ __name__: 'sandbox' }) as PyProxy;
  const api = pyodide.runPython(preludeSource(OUTPUT_CAP_CHARS), { filename: '<sandbox>', globals: scope }) as PyProxy;
  scope.destroy();
  const [run, objects] = api.toJs({ depth: 1 }) as PyCallable[];
  api.destroy();
  if (!run || !objects) throw new Error('the sandbox prelude did not return its entry points');
  const heap = (pyodide as unknown as { _module: InterpreterModule })._module;
  stripGlobals(strip);
  disableFunctionConstructors();
  freezeRealm();
  for (const code of warmUpPrograms()) (run(code) as PyProxy).destroy();
  // The pristine state every program starts from: taken last, after the warm-up's programs.
  const interpreter = snapshotInterpreter(heap);
  const tree = snapshotFiles(pyodide.FS as unknown as FileSystem);
  return {
    run,
    objects,
    interrupt: buffer,
    wasmBytes: () => heap.HEAPU8.byteLength,
    resetFiles: files.reset,
    restore: () => {
      interpreter.restore();
      tree.restore();
    },
    changed: interpreter.changed,
  };
}

/** Room for the cut marker the prelude appends to a capped stream or message. */
const MARKER_ROOM = 64;

/** The cap again on the JS side, whatever the Python counters say: text longer than the cap plus
 *  its marker is cut to the cap with a marker of its own. */
export function capOutput(text: unknown, cap: number = OUTPUT_CAP_CHARS): string {
  const value = typeof text === 'string' ? text : String(text);
  if (value.length <= cap + MARKER_ROOM) return value;
  return `${value.slice(0, cap)}\n[output truncated: ${value.length - cap} more characters]`;
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? text;
}

function execute(runtime: Runtime, id: number, code: string, unguarded: boolean): RunReply {
  if (runtime.interrupt) Atomics.store(runtime.interrupt, 0, 0);
  runtime.resetFiles();
  try {
    const proxy = (unguarded ? runtime.run(code, true, globalThis) : runtime.run(code)) as PyProxy;
    const [stdout, stderr, error, interrupted, stale] = proxy.toJs() as [
      string,
      string,
      string | undefined,
      boolean,
      boolean,
    ];
    proxy.destroy();
    return {
      type: 'result',
      id,
      stdout: capOutput(stdout),
      stderr: capOutput(stderr),
      error: error === undefined || error === null ? null : capOutput(error),
      interrupted: interrupted === true,
      fatal: false,
      restart: stale === true || runtime.changed() !== null,
      wasmBytes: runtime.wasmBytes(),
    };
  } catch (err) {
    // A KeyboardInterrupt that landed outside the user's code; anything else escaped the runner
    // (a wasm stack overflow, Pyodide's fatal error): the runtime is no longer trusted.
    const interrupted = (err as { type?: string }).type === 'KeyboardInterrupt';
    const text = String(err);
    const message = interrupted
      ? 'KeyboardInterrupt'
      : text.includes('Maximum call stack size exceeded')
        ? 'RecursionError: maximum recursion depth exceeded (the runtime ran out of stack and was restarted)'
        : capOutput(`RuntimeError: the Python runtime failed and was restarted: ${lastLine(text)}`);
    return {
      type: 'result',
      id,
      stdout: '',
      stderr: '',
      error: message,
      interrupted,
      fatal: !interrupted,
      wasmBytes: runtime.wasmBytes(),
    };
  }
}

/** Serves the host: `init` boots the runtime, then `run` and `memory` requests are answered; after
 *  each answer the runtime is put back in its pristine state (snapshot.ts), unless it failed or
 *  changed what cannot be put back, and the host replaces it. */
export function serve(platform: WorkerPlatform): void {
  let runtime: Runtime | null = null;
  platform.listen((message) => {
    if (message.type === 'init') {
      boot(message.indexURL, message.interrupt, platform.strip).then(
        (ready) => {
          runtime = ready;
          platform.collectGarbage?.();
          platform.post({ type: 'ready', jsHeapBytes: platform.jsHeapBytes() });
        },
        (err: unknown) => platform.post({ type: 'boot-error', message: String(err) }),
      );
    } else if (runtime && message.type === 'run') {
      const t0 = performance.now();
      const unguarded = runsUnguarded(platform.testHook === true, message.code);
      const reply = execute(runtime, message.id, message.code, unguarded);
      platform.post({ ...reply, execMs: performance.now() - t0, jsHeapBytes: platform.jsHeapBytes() });
      if (!reply.fatal && !reply.restart) runtime.restore();
    } else if (runtime && message.type === 'memory') {
      const stats: MemoryStats = {
        wasmBytes: runtime.wasmBytes(),
        pyObjects: runtime.objects() as number,
        jsHeapBytes: platform.jsHeapBytes(),
      };
      platform.post({ type: 'memory', id: message.id, stats });
      runtime.restore();
    }
  });
}
