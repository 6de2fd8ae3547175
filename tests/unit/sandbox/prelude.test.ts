/**
 * The sandbox's Python policy against the real Node sandbox: attacks that must fail (a module
 * planted in scratch, file APIs besides open, exec/eval routes in the standard library, frames,
 * subclasses, state carried from one call into the next, lifted output caps) and ordinary
 * programs that must keep their exact output.
 */
import { describe, expect, it } from 'vitest';
import { useNodeSandbox } from './node-sandbox.ts';
import { capOutput } from '../../../src/sandbox/runtime.ts';

const { run } = useNodeSandbox();

const refused =
  /is blocked in the sandbox|is disabled in the sandbox|is not allowed in the sandbox|not available in the sandbox|cannot import name/;

describe('attacks within one call fail', () => {
  const attacks: [string, string][] = [
    ['a module written to scratch', 'open("evil.py", "w").write("print(\'ESCAPED\')")\nimport evil'],
    ['scratch put back on sys.path', 'import sys\nsys.path.insert(0, "/scratch")\nprint("ESCAPED")'],
    ['sys.meta_path.pop', 'import sys\nsys.meta_path.pop(0)\nprint("ESCAPED")'],
    ['getattr sys meta_path', 'import sys\ngetattr(sys, "meta" + "_path").pop(0)\nprint("ESCAPED")'],
    ['import gc', 'import gc\nprint("ESCAPED", len(gc.get_objects()))'],
    ['import _pyodide_core', 'import _pyodide_core\nprint("ESCAPED")'],
    ['pyodide.ffi.to_js', 'from pyodide.ffi import to_js, create_proxy\nprint("ESCAPED")'],
    ['cProfile.run', 'import cProfile\ncProfile.run("print(\'ESCAPED\')")'],
    ['typing.get_type_hints', 'import typing\ntyping.get_type_hints\nprint("ESCAPED")'],
    ['from typing import get_type_hints', 'from typing import get_type_hints\nprint("ESCAPED")'],
    ['functools.singledispatch', 'import functools\nfunctools.singledispatch\nprint("ESCAPED")'],
    ['importlib', 'import importlib\nprint("ESCAPED")'],
    ['pathlib write', 'import pathlib\npathlib.Path("/tmp/x.py").write_text("1")\nprint("ESCAPED")'],
    ['io.open', 'import io\nio.open("/tmp/x.py", "w")\nprint("ESCAPED")'],
    ['io.FileIO', 'import io\nio.FileIO("/tmp/x.py", "w")\nprint("ESCAPED")'],
    ['FileIO through an open file', 'f = open("a.txt", "wb")\ntype(f.raw)("/tmp/x.py", "w")\nprint("ESCAPED")'],
    ['unbuffered open', 'f = open("a.txt", "wb", buffering=0)\ntype(f)("/tmp/x.py", "w")\nprint("ESCAPED")'],
    ['detach', 'f = open("a.txt", "w")\nb = f.detach()\nprint("ESCAPED")'],
    ['os.open', 'import os\nos.open("/tmp/x.py", 65)\nprint("ESCAPED")'],
    ['os.system', 'import os\nos.system("true")\nprint("ESCAPED")'],
    ['os.environ', 'import os\nos.environ["X"] = "1"\nprint("ESCAPED")'],
    ['os.listdir outside scratch', 'import os\nprint("ESCAPED", os.listdir("/"))'],
    ['os.chdir', 'import os\nos.chdir("/")\nprint("ESCAPED")'],
    ['shutil', 'import shutil\nprint("ESCAPED")'],
    ['sys.modules', 'import sys\nprint("ESCAPED", sys.modules)'],
    ['sys._getframe().f_back', 'import sys\nprint("ESCAPED", sys._getframe().f_back)'],
    ['generator frame', 'def g():\n    yield 1\nprint("ESCAPED", g().gi_frame.f_back)'],
    ['type.__subclasses__', 'print("ESCAPED", type.__subclasses__(object))'],
    ['__base__ via getattr', 'print("ESCAPED", getattr((), "__cla" + "ss__").mro()[1].__subclasses__())'],
    ['exec(compile(...))', 'exec(compile("print(\'ESCAPED\')", "s", "exec"))'],
    ['exec a code object', 'f = lambda: 0\nexec(f.__code__)\nprint("ESCAPED")'],
    ['eval of __subclasses__', 'print("ESCAPED", eval("object.__subclasses__()"))'],
    ['__builtins__ name', 'print("ESCAPED", __builtins__)'],
    ['import builtins', 'import builtins\nprint("ESCAPED", builtins.open)'],
    ['import __main__', 'import __main__\nprint("ESCAPED", vars(__main__))'],
    ['vars()', 'print("ESCAPED", vars())'],
    ['inspect', 'import inspect\nprint("ESCAPED")'],
    [
      'functools.update_wrapper reading __globals__ of a guard',
      'import functools\nclass W:\n    def __setattr__(self, name, value):\n        print("ESCAPED", type(value))\nfunctools.update_wrapper(W(), open, assigned=("__glo" + "bals__",), updated=())',
    ],
    [
      'functools.wraps reading __closure__',
      'import functools\nclass W:\n    def __setattr__(self, name, value):\n        print("ESCAPED", type(value))\nfunctools.wraps(open, assigned=("__clo" + "sure__",))(W())',
    ],
  ];

  it.each(attacks)('%s', async (_label, code) => {
    const result = await run(code);
    expect(result).toMatchObject({ timedOut: false, crashed: false });
    expect(result.stdout).not.toContain('ESCAPED');
    expect(result.error).toMatch(refused);
  });

  it('an __import__ put into the run builtins gets nothing real', async () => {
    const code =
      'g = globals()\nb = g["__built" + "ins__"]\nb["__imp" + "ort__"] = lambda *a, **k: "fake"\nimport ctypes\nprint(ctypes)\nprint(b["open"]("/etc/passwd"))';
    const result = await run(code);
    expect(result.stdout).toBe('fake\n');
    expect(result.error).toMatch(refused);
  });
});

describe('one call cannot change the next', () => {
  const pairs: [string, string, string, string][] = [
    [
      'rebinding names like the prelude tables',
      'ALLOWED = None\nSAFE_BUILTINS = {}\nUSER_BLOCK = set()\nblocked_attr = lambda n: False\nglobals()["check_module"] = print',
      'try:\n    ().__class__.__base__\nexcept Exception as e:\n    print(type(e).__name__)',
      '',
    ],
    [
      'the decimal context',
      'import decimal\ndecimal.getcontext().prec = 3',
      'import decimal\nprint(decimal.Decimal(1) / 7)',
      '0.1428571428571428571428571429\n',
    ],
    [
      'decimal.DefaultContext',
      'import decimal\ndecimal.DefaultContext.prec = 3',
      'import decimal\nprint(decimal.Decimal(1) / 7)',
      '0.1428571428571428571428571429\n',
    ],
    [
      'a patched stdlib class',
      'import fractions\nfractions.Fraction.limit_denominator = lambda self, m=0: "patched"',
      'from fractions import Fraction\nprint(Fraction(1, 3).limit_denominator(10))',
      '1/3\n',
    ],
    [
      'a patched random.Random',
      'import random\nrandom.Random.random = lambda self: 4',
      'import random\nprint(random.Random(1).random() != 4)',
      'True\n',
    ],
    [
      'the sandbox stream class',
      'import sys\ntype(sys.stdout).write = lambda self, text: 0',
      'print("visible")',
      'visible\n',
    ],
    [
      'an attribute on a private class of an allowed module',
      'import typing\ntry:\n    type(typing.List[int]).kept = 41\nexcept TypeError:\n    pass',
      'import typing\nprint(getattr(type(typing.List[int]), "kept", "gone"))',
      'gone\n',
    ],
    ['a module attribute', 'import math\nmath.pi = 3', 'import math\nprint(math.pi)', '3.141592653589793\n'],
    [
      'the recursion limit',
      'import sys\nsys.setrecursionlimit(60)',
      'def f(n): return 0 if n == 0 else f(n - 1)\nprint(f(500))',
      '0\n',
    ],
    [
      'a planted module',
      'open("planted.py", "w").write("X = 1")',
      'try:\n    import planted\nexcept ImportError:\n    print("refused")',
      'refused\n',
    ],
    [
      'the int string limit',
      'import sys\nsys.set_int_max_str_digits(0)',
      'try:\n    str(10 ** 5000)\nexcept ValueError:\n    print("limited")',
      'limited\n',
    ],
    ['files in scratch', 'open("a.txt", "w").write("x")', 'import os\nprint(os.listdir("."))', '[]\n'],
  ];

  it.each(pairs)('%s', async (_label, first, second, expected) => {
    await run(first);
    const result = await run(second);
    if (expected === '') expect(result.error).toMatch(refused);
    else expect(result.stdout).toBe(expected);
    expect((await run('print(open("/etc/passwd").read())')).error).toMatch(refused);
  });

  // Built-in classes are immutable in CPython; the prelude seals the allowed modules' classes the
  // same way (prelude-run.ts), private ones too: a patch is refused in the call that tries it.
  it.each([
    'int',
    'str',
    'decimal.Decimal',
    'object',
    'fractions.Fraction',
    'random.Random',
    'string.Template',
    'collections.Counter',
    'type(typing.List[int])',
    'type(sys.stdout)',
  ])('the class %s refuses a patch', async (klass) => {
    const imports = 'import collections, decimal, fractions, random, string, sys, typing';
    const patch = await run(`${imports}\n${klass}.conjugate = lambda self: "patched"`);
    expect(patch.error).toMatch(/^TypeError: cannot set 'conjugate' attribute of immutable type/m);
  });

  it('a class that fills in an attribute on first use still works after the seal', async () => {
    const code = 'import string\nprint(string.Template("$a + $b").substitute(a=1, b=2))';
    expect((await run(code)).stdout).toBe('1 + 2\n');
    expect((await run(code)).stdout).toBe('1 + 2\n');
  });

  it('a seeded random state does not reach the next call', async () => {
    await run('import random\nrandom.seed(5)');
    const after = await run('import random\nprint(random.random())');
    const seeded = await run('import random\nrandom.seed(5)\nprint(random.random())');
    expect(after.stdout).not.toBe(seeded.stdout);
  });
});

describe('output and exit caps hold whatever the program does', () => {
  it('ignores a lifted stream counter', async () => {
    const code =
      'import sys\nfor name in ("size", "_size", "dropped"):\n    try:\n        setattr(sys.stdout, name, -10**9)\n    except Exception:\n        pass\nprint("x" * 300000)';
    const result = await run(code);
    expect(result.stdout).toBe('x'.repeat(8192) + '\n[output truncated: 291809 more characters]');
  });

  it('cuts over-long text again on the JS side, whatever Python sent', () => {
    expect(capOutput('y'.repeat(20_000), 100)).toBe('y'.repeat(100) + '\n[output truncated: 19900 more characters]');
    const marked = 'y'.repeat(100) + '\n[output truncated: 5 more characters]';
    expect(capOutput(marked, 100)).toBe(marked);
    expect(capOutput('short', 100)).toBe('short');
  });

  it('caps the exit message', async () => {
    const result = await run('raise SystemExit("x" * 5_000_000)');
    expect(result.error?.length).toBeLessThanOrEqual(8192 + 64);
    expect(result.error).toMatch(/^SystemExit: x+\n\[message cut: 4991808 more characters\]$/);
  });

  it('reports an exit code whose __str__ raises by its class, without running it or restarting the runtime', async () => {
    const code = 'class Boom:\n    def __str__(self):\n        raise ValueError("no")\nraise SystemExit(Boom())';
    const result = await run(code);
    expect(result).toMatchObject({ crashed: false, timedOut: false });
    expect(result.error).toBe('SystemExit: <Boom object>');
    expect((await run('print(1)')).stdout).toBe('1\n');
  });
});

describe('ordinary programs keep their exact output', () => {
  const programs: [string, string][] = [
    ['arithmetic', 'print(2 ** 100, 7 // 2, -7 % 3, 1 / 4, round(2.675, 2))'],
    [
      'loops and functions',
      'def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\nprint([fib(i) for i in range(10)])',
    ],
    [
      'classes',
      'class P:\n    def __init__(self, x):\n        self.x = x\n    def __repr__(self):\n        return f"P({self.x})"\nprint(sorted([P(3), P(1)], key=lambda p: p.x))',
    ],
    ['fractions', 'from fractions import Fraction as F\nprint(F(1, 3) + F(1, 6), F(3, 4) ** 2)'],
    [
      'itertools',
      'import itertools\nprint(list(itertools.permutations("ab")), len(list(itertools.combinations(range(6), 3))))',
    ],
    ['math and cmath', 'import math, cmath\nprint(math.gcd(12, 18), math.isqrt(99), math.comb(10, 3), cmath.sqrt(-4))'],
    [
      'collections',
      'from collections import Counter, deque, namedtuple, defaultdict\nP = namedtuple("P", "x y")\nd = defaultdict(int)\nd["a"] += 1\nprint(Counter("abca").most_common(1), deque([1, 2], maxlen=2), P(1, 2), dict(d))',
    ],
    ['re and string', 'import re, string\nprint(re.findall(r"\\d+", "a1b22"), string.ascii_lowercase[:5])'],
    ['statistics', 'import statistics\nprint(statistics.mean([1, 2, 3, 4]), statistics.median([3, 1, 2]))'],
    [
      'heapq and bisect',
      'import heapq, bisect\nh = [5, 1, 3]\nheapq.heapify(h)\nprint(heapq.heappop(h), bisect.bisect_left([1, 2, 4], 3))',
    ],
    ['decimal', 'from decimal import Decimal, getcontext\ngetcontext().prec = 5\nprint(Decimal(1) / Decimal(3))'],
    ['seeded random', 'import random\nrandom.seed(0)\nprint(random.randint(1, 100))'],
    ['functools and operator', 'import functools, operator\nprint(functools.reduce(operator.mul, range(1, 6)))'],
    ['typing annotations', 'from typing import List\ndef f(x: List[int]) -> int:\n    return sum(x)\nprint(f([1, 2]))'],
    [
      'io.StringIO and sys.stdout.write',
      'import io, sys\ns = io.StringIO()\ns.write("hi")\nsys.stdout.write(s.getvalue() + "\\n")',
    ],
    ['json', 'import json\nprint(json.dumps({"a": [1, 2]}))'],
    [
      'functools.wraps as a decorator',
      'import functools\ndef deco(f):\n    @functools.wraps(f)\n    def inner(*a):\n        return f(*a) + 1\n    return inner\n@deco\ndef g(x):\n    "doc"\n    return x\nprint(g(1), g.__name__, g.__doc__)',
    ],
    ['os.path', 'import os.path\nprint(os.path.join("a", "b"), os.path.splitext("x.py"))'],
  ];
  const expected = [
    '1267650600228229401496703205376 3 2 0.25 2.67\n',
    '[0, 1, 1, 2, 3, 5, 8, 13, 21, 34]\n',
    '[P(1), P(3)]\n',
    '1/2 9/16\n',
    "[('a', 'b'), ('b', 'a')] 20\n",
    '6 9 120 2j\n',
    "[('a', 2)] deque([1, 2], maxlen=2) P(x=1, y=2) {'a': 1}\n",
    "['1', '22'] abcde\n",
    '2.5 2\n',
    '1 2\n',
    '0.33333\n',
    '50\n',
    '120\n',
    '3\n',
    'hi\n',
    '{"a": [1, 2]}\n',
    '2 g doc\n',
    "a/b ('x', '.py')\n",
  ];

  it.each(programs.map(([label, code], i): [string, string, string] => [label, code, expected[i] ?? '']))(
    '%s',
    async (_label, code, output) => {
      const result = await run(code);
      expect(result.error).toBeUndefined();
      expect(result.stdout).toBe(output);
    },
  );
});
