/**
 * The interpreter snapshot (snapshot.ts) on a Pyodide with no policy at all: unrestricted Python
 * changes a module, a cache, a registry, the builtins and plants a finalizer; after `restore` none
 * of it is there, the heap a program grew is zero again, and a grown function table is reported.
 */
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type InterpreterModule,
  type InterpreterSnapshot,
  snapshotInterpreter,
} from '../../../src/sandbox/snapshot.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let pyodide: PyodideAPI;
let module: InterpreterModule;
let snapshot: InterpreterSnapshot;
const py = (code: string): unknown => pyodide.runPython(code);

beforeAll(async () => {
  pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  module = (pyodide as unknown as { _module: InterpreterModule })._module;
  py('import builtins, numbers, re, statistics\nfrom fractions import Fraction');
  snapshot = snapshotInterpreter(module);
});

describe('restore', () => {
  it('undoes a rebound private module attribute, a poisoned cache and a registry entry', () => {
    py("statistics._sum = lambda data: (float, 297, 3)\nre._cache2[(str, r'\\d+', 0)] = re.compile('x')");
    py('numbers.Rational.register(str)');
    expect(py('statistics.mean([1, 2, 3])')).toBe(99);
    expect(py("str(re.findall(r'\\d+', 'a1b22c333'))")).toBe('[]');
    snapshot.restore();
    // mean([1, 2, 3]) = 6 / 3 = 2; \d+ finds the runs 1, 22, 333; str is no Rational.
    expect(py('statistics.mean([1, 2, 3])')).toBe(2);
    expect(py("' '.join(re.findall(r'\\d+', 'a1b22c333'))")).toBe('1 22 333');
    expect(py("str((str(Fraction('1/3')), issubclass(str, numbers.Rational)))")).toBe("('1/3', False)");
  });

  it('undoes a builtin replaced and a global set', () => {
    py('builtins.len = lambda x: 7\nleft_over = 1');
    snapshot.restore();
    expect(py("str((len('abc'), 'left_over' in globals()))")).toBe('(3, False)');
  });

  it('leaves no finalizer of a cycle planted before it to run later', () => {
    py(
      [
        'class Planted:',
        '    def __init__(self): self.me = self',
        '    def __del__(self):',
        '        builtins.planted_ran = True',
        '        Planted()',
        'Planted()',
      ].join('\n'),
    );
    snapshot.restore();
    expect(py("import gc\ngc.collect()\nhasattr(builtins, 'planted_ran')")).toBe(false);
    snapshot.restore();
  });

  it('zeroes the heap a program grew and puts the allocator break back', () => {
    const breakBefore = module._sbrk(0);
    py('grown = bytearray(b"\\x07" * 40_000_000)');
    const breakAfter = module._sbrk(0);
    expect(breakAfter - breakBefore).toBeGreaterThanOrEqual(40_000_000);
    snapshot.restore();
    expect(module._sbrk(0)).toBe(breakBefore);
    expect(module.HEAPU8.subarray(breakBefore, breakAfter).some((byte) => byte !== 0)).toBe(false);
    expect(py('sum(range(10))')).toBe(45);
  });

  it('empties the JS value slots a program took', () => {
    const slots = (): unknown[] => {
      const found: unknown[] = [];
      for (;;) {
        try {
          found.push(module.__hiwire_get(found.length));
        } catch {
          return found;
        }
      }
    };
    const held = { a: 1 };
    pyodide.globals.set('held', held);
    expect(py('held.a')).toBe(1);
    expect(slots().includes(held)).toBe(true);
    snapshot.restore();
    expect(slots().includes(held)).toBe(false);
    expect(py("'held' in globals()")).toBe(false);
  });
});

describe('changed', () => {
  it('is null after ordinary code, and names a grown function table', () => {
    py('print(sum(range(5)))');
    expect(snapshot.changed()).toBeNull();
    const table = (module as unknown as { wasmTable: WebAssembly.Table }).wasmTable;
    const size = table.length;
    table.grow(1);
    expect(snapshot.changed()).toBe(`the interpreter's function table grew from ${size} to ${size + 1} entries`);
  });
});
