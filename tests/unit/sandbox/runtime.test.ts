/**
 * The Node Python sandbox (src/sandbox): output, errors, time limits, escape attempts, output
 * caps and memory over many calls. One sandbox serves the whole file (Pyodide boots in seconds).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../../../src/sandbox/node.ts';
import { useNodeSandbox } from './node-sandbox.ts';
import { fencedObservation, observationText } from '../../../src/sandbox/observation.ts';

const { run, sandbox } = useNodeSandbox();

describe('ordinary code', () => {
  it('returns what was printed', async () => {
    const result = await run('print(sum(range(10)))\nprint("a", 2 ** 10)');
    expect(result).toMatchObject({ stdout: '45\na 1024\n', stderr: '', timedOut: false });
    expect(result.error).toBeUndefined();
  });

  it('runs the standard library', async () => {
    const result = await run(
      'from fractions import Fraction\nimport math\nprint(Fraction(1, 3) + Fraction(1, 6), math.comb(5, 2))',
    );
    expect(result.stdout).toBe('1/2 10\n');
  });

  it('gives every run fresh globals and a fresh scratch directory', async () => {
    await run('x = 5\nopen("note.txt", "w").write("hi")');
    const result = await run('import os\nprint(os.listdir("."))\nprint(x)');
    expect(result.stdout).toBe('[]\n');
    expect(result.error).toMatch(/NameError: name 'x' is not defined$/);
  });

  it('lets code write and read files in its scratch directory', async () => {
    expect((await run('open("a.txt", "w").write("hello")\nprint(open("a.txt").read())')).stdout).toBe('hello\n');
  });

  it('hashes strings alike in every runtime, so a set prints in one order whichever worker runs it', async () => {
    const code = "print(hash('abc'), list({'v', 'w', 'x', 'y', 'z'}))";
    const other = createNodeSandbox();
    try {
      const [here, there] = [await run(code), await other.run(code, { timeoutMs: 30_000 })];
      expect(here.error).toBeUndefined();
      expect(there.stdout).toBe(here.stdout);
    } finally {
      await other.dispose();
    }
  });

  it('keeps module changes inside one run', async () => {
    await run('import math, fractions\nmath.pi = 3\nfractions.math.e = 2');
    expect((await run('import math\nprint(math.pi > 3.14, math.e > 2.7)')).stdout).toBe('True True\n');
  });

  it('imports submodules and names from modules', async () => {
    const code =
      'import os.path\nimport collections.abc\nfrom math import *\nfrom os import path\nprint(os.path.join("a", "b"), path.basename("/x/y"), sqrt(16), issubclass(list, collections.abc.Sequence))';
    expect((await run(code)).stdout).toBe('a/b y 4.0 True\n');
  });

  it('captures stderr separately', async () => {
    const result = await run('import sys\nsys.stderr.write("warn\\n")\nprint("ok")');
    expect(result).toMatchObject({ stdout: 'ok\n', stderr: 'warn\n' });
  });

  it('runs queued calls one at a time, in order', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => run(`print(${n} * ${n})`)));
    expect(results.map((r) => r.stdout)).toEqual(['1\n', '4\n', '9\n', '16\n', '25\n']);
  });
});

describe('errors come back as text', () => {
  it('reports a syntax error', async () => {
    const result = await run('print(');
    expect(result.stdout).toBe('');
    expect(result.error).toMatch(/^ {2}File "<tool>", line 1[\s\S]*SyntaxError: '\(' was never closed$/);
  });

  it('reports a runtime error with a traceback of the user code only', async () => {
    const result = await run('print("before")\n1 / 0');
    expect(result.stdout).toBe('before\n');
    expect(result.error).toMatch(/^Traceback \(most recent call last\):\n {2}File "<tool>", line 2/);
    expect(result.error).toMatch(/ZeroDivisionError: division by zero$/);
    expect(result.error).not.toContain('<sandbox>');
  });

  it('turns memory blow-ups into errors and stays usable', async () => {
    expect((await run("s = 'x' * 10**10")).error).toMatch(/(OverflowError|MemoryError)/);
    expect((await run('a = [0] * 10**10')).error).toMatch(/(OverflowError|MemoryError)/);
    expect((await run('def f(n): return f(n + 1)\nf(0)')).error).toMatch(/RecursionError/);
    const deep = await run('import sys\nsys.setrecursionlimit(10**6)\ndef f(n): return f(n + 1)\nf(0)');
    expect(deep.error).toMatch(/RecursionError/);
    expect((await run('print(6 * 7)')).stdout).toBe('42\n');
  });

  it('treats sys.exit(0) as a normal end and a non-zero exit as an error', async () => {
    expect(await run('import sys\nprint("x")\nsys.exit(0)')).toMatchObject({ stdout: 'x\n', timedOut: false });
    expect((await run('import sys\nsys.exit(3)')).error).toBe('SystemExit: 3');
  });
});

describe('time limits', () => {
  it('interrupts an endless loop and works again right after', async () => {
    const result = await run('while True: pass', 1_000);
    expect(result).toMatchObject({ timedOut: true, stdout: '' });
    expect(result.error).toBe('TimeoutError: the code ran longer than 1000 ms and was stopped');
    expect(result.ms).toBeLessThan(3_000);
    expect((await run('print("next")')).stdout).toBe('next\n');
  });

  it('kills a sleep that ignores the interrupt and respawns the worker', async () => {
    const result = await run('import time\ntime.sleep(60)', 1_000);
    expect(result.timedOut).toBe(true);
    expect(result.ms).toBeLessThan(3_000);
    expect((await run('print("again")')).stdout).toBe('again\n');
  });

  it('kills a huge C-level computation', async () => {
    const result = await run('x = 10**10**8', 1_000);
    expect(result.timedOut).toBe(true);
    expect(result.ms).toBeLessThan(3_000);
    expect((await run('print(1 + 1)')).stdout).toBe('2\n');
  });
});

describe('escape attempts fail with a clear error', () => {
  const marker = `/tmp/agent0-sandbox-escape-${process.pid}`;
  const refused = /is blocked in the sandbox|is disabled in the sandbox|is not allowed in the sandbox/;
  const plain: [string, string][] = [
    ['import js', 'import js\nprint(js)'],
    ['import pyodide', 'import pyodide\nprint(pyodide)'],
    ['import pyodide_js', 'import pyodide_js\nprint(pyodide_js)'],
    ['from js import fetch', 'from js import fetch\nprint(fetch)'],
    ['import micropip', 'import micropip'],
    ['import ctypes', 'import ctypes'],
    ['os.system', `import os\nos.system("touch ${marker}")`],
    ['os.popen', `import os\nos.popen("touch ${marker}")`],
    ['subprocess', `import subprocess\nsubprocess.run(["touch", "${marker}"])`],
    ['socket', 'import socket\nsocket.create_connection(("example.com", 80))'],
    ['urllib', 'import urllib.request\nurllib.request.urlopen("http://example.com")'],
    ['open /etc/passwd', 'print(open("/etc/passwd").read())'],
    ['open ../', 'print(open("../lib/python314.zip", "rb").read(4))'],
    ['__builtins__.__import__', "__builtins__.__import__('js')"],
    ['__import__', "__import__('js')"],
    ['importlib.import_module', "import importlib\nimportlib.import_module('js')"],
    ['builtins module', "import builtins\nbuiltins.__import__('js')"],
    ["sys.modules['js']", "import sys\nprint(sys.modules['js'])"],
    ['sys.meta_path', 'import sys\nsys.meta_path.clear()'],
    ['__loader__', "__loader__.load_module('js')"],
    ['__subclasses__', 'print(().__class__.__base__.__subclasses__())'],
    ['getattr __subclasses__', "print(getattr(object, '__subcl' + 'asses__')())"],
    ['__globals__', 'def f(): pass\nprint(f.__globals__)'],
    ['frame walk', 'try:\n    1 / 0\nexcept Exception as e:\n    print(e.__traceback__.tb_frame.f_back.f_globals)'],
    ['sys._getframe', 'import sys\nprint(sys._getframe(1).f_globals)'],
    ['eval', "eval('().__class__.__base__.__subclasses__()')"],
    ['exec', "exec('import js')"],
    ['compile', "exec(compile('import js', 's', 'exec'))"],
    ['operator.attrgetter', "import operator\nprint(operator.attrgetter('__globals__')(print))"],
    ['gc', 'import gc\nprint(len(gc.get_objects()))'],
    ['inspect', 'import inspect\nprint(inspect.currentframe())'],
    ['private module', 'import _pyodide'],
    ['sys.settrace', 'import sys\nsys.settrace(print)'],
  ];
  const attempts: [string, string, RegExp][] = [
    ...plain.map(([label, code]): [string, string, RegExp] => [label, code, refused]),
    [
      'blocked module through an attribute chain',
      'import typing\nprint(typing.copyreg)',
      /has no attribute 'copyreg' \(or it is not allowed in the sandbox\)$/,
    ],
  ];

  it.each(attempts)('%s', async (_label, code, expected) => {
    const result = await run(code);
    expect(result.timedOut).toBe(false);
    expect(result.stdout).toBe('');
    expect(result.error).toMatch(expected);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('output', () => {
  it('caps oversized output with a marker', async () => {
    const result = await run("print('x' * 20000)");
    expect(result.stdout).toBe('x'.repeat(8192) + '\n[output truncated: 11809 more characters]');
  });

  it('builds the observation from stdout, else from the error text', async () => {
    expect(fencedObservation(await run('print(sum(range(10)))'))).toBe('\n```output\n45\n```\n');
    const failed = await run('1 / 0');
    expect(observationText(failed)).toMatch(/ZeroDivisionError: division by zero$/);
    const base = { stderr: '', timedOut: false, crashed: false, ms: 1 };
    expect(fencedObservation({ ...base, stdout: 'abcdef\n' }, 3)).toBe('\n```output\ndef\n```\n');
    expect(fencedObservation({ ...base, stdout: '' })).toBe('\n```output\n\n```\n');
  });
});

describe('memory', () => {
  it('replaces a worker whose memory grew past the limit', async () => {
    const small = createNodeSandbox({ maxWasmBytes: 64 * 1024 * 1024 });
    try {
      expect((await small.run('x = bytearray(100 * 10**6)\nprint(len(x))', { timeoutMs: 20_000 })).stdout).toBe(
        '100000000\n',
      );
      expect((await small.memory()).wasmBytes).toBeLessThan(64 * 1024 * 1024);
      expect((await small.run('print("fresh")', { timeoutMs: 5_000 })).stdout).toBe('fresh\n');
    } finally {
      await small.dispose();
    }
  });

  it('keeps memory flat over 200 sequential calls', async () => {
    const work = [
      'print(sum(i * i for i in range(1000)))',
      'x = [str(i) for i in range(5000)]\nprint(len(x))',
      '1 / 0',
      'import math\nprint(math.factorial(50))',
    ];
    for (let i = 0; i < 20; i++) await run(work[i % work.length] ?? 'pass');
    const before = await sandbox().memory();
    for (let i = 0; i < 200; i++) {
      const result = await run(work[i % work.length] ?? 'pass');
      expect(result.timedOut).toBe(false);
    }
    const after = await sandbox().memory();
    expect(after.wasmBytes - before.wasmBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(after.pyObjects - before.pyObjects).toBeLessThan(2_000);
    expect(after.jsHeapBytes - before.jsHeapBytes).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('scratch files', () => {
  it('stop a write-forever loop at the quota with "No space left on device", before its time limit', async () => {
    // The in-memory file system lives in JS memory, which the WASM memory check does not see: this
    // loop (1 MiB a write) kept the process growing by gigabytes until the time limit stopped it.
    const code = 'f = open("big.bin", "wb")\nchunk = b"x" * (1 << 20)\nwhile True:\n    f.write(chunk)';
    const result = await run(code);
    expect(result.error).toMatch(/OSError: \[Errno \d+\] No space left on device/);
    expect(result.timedOut).toBe(false);
  });

  it('count each program alone: the next one writes again, and ordinary files are untouched', async () => {
    await run('open("big.bin", "wb").write(b"x" * (15 << 20))');
    const result = await run('open("a.txt", "w").write("x" * 1000)\nprint(len(open("a.txt").read()))');
    expect(result).toMatchObject({ stdout: '1000\n' });
    expect(result.error).toBeUndefined();
  });

  it('add up many files: 20 files of 1 MiB pass the quota (16 MiB) at the seventeenth', async () => {
    const code =
      'n = 0\ntry:\n    for i in range(20):\n        open(f"f{i}.bin", "wb").write(b"x" * (1 << 20))\n        n += 1\nexcept OSError as e:\n    print(n, e.strerror)';
    expect((await run(code)).stdout).toBe('16 No space left on device\n');
  });

  it('count a file rewritten in place once, not once per write', async () => {
    const code =
      'for _ in range(100):\n    with open("a.bin", "wb") as f:\n        f.write(b"x" * (1 << 20))\nprint("done")';
    const result = await run(code);
    expect(result.stdout).toBe('done\n');
    expect(result.error).toBeUndefined();
  });
});
