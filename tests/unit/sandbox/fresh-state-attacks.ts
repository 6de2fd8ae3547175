/**
 * Programs that change the interpreter for the programs after them (issue 58's "state in library
 * internals reaches later calls", a builtins change, a file left outside scratch, a private module
 * attribute rebound), each with a later program and what that program prints in a fresh
 * interpreter (worked out by hand from the standard library's documented behaviour). Shared by the
 * Node test (runtime.fresh-state.test.ts) and the browser one (tests/e2e/sandbox.spec.ts).
 *
 * Some attacks need a way out of the Python policy first; they use one that worked when they were
 * written (`typing.ForwardRef.evaluate`, the exit handler's `str()`), as a hostile program would:
 * the point is that even an escaped program leaves nothing behind. Should that way be closed, the
 * attack is refused and the later program prints the same.
 */

/** An expression evaluated with the interpreter's real builtins, through a ForwardRef. */
const escaped = (expression: string): string =>
  `import typing as t\nt.get_args(t.List[${JSON.stringify(expression)}])[0].evaluate()`;

export interface StateAttack {
  name: string;
  /** The program that changes the interpreter. */
  attack: string;
  /** A later, ordinary program. */
  later: string;
  /** What the later program prints in an interpreter no earlier program changed. */
  stdout?: string;
  /** Or the last line of the error it ends with. */
  error?: RegExp;
}

export const STATE_ATTACKS: readonly StateAttack[] = [
  {
    name: 'a poisoned re cache',
    attack: escaped(`__import__('re')._cache2.__setitem__((str, '\\\\d+', 0), __import__('re').compile('x'))`),
    later: "import re\nprint(re.findall(r'\\d+', 'a1b22c333'))",
    stdout: "['1', '22', '333']\n",
  },
  {
    name: 'str registered as a Rational',
    attack: 'import numbers\nnumbers.Rational.register(str)',
    later: "from fractions import Fraction\nprint(Fraction('1/3'))",
    stdout: '1/3\n',
  },
  {
    name: 'statistics._sum rebound (a private module attribute)',
    attack: escaped("setattr(__import__('statistics'), '_sum', lambda data: (float, 297, 3))"),
    later: 'import statistics\nprint(statistics.mean([1, 2, 3]))',
    stdout: '2\n',
  },
  {
    name: 'a finalizer that plants itself again',
    attack: [
      'class Planted:',
      '    def __init__(self):',
      '        self.me = self',
      '    def __del__(self):',
      "        print('PLANTED')",
      '        Planted()',
      'Planted()',
    ].join('\n'),
    // Enough allocations to start the garbage collector, which would run a planted finalizer.
    later: 'print(len([[i] for i in range(300000)]))',
    stdout: '300000\n',
  },
  {
    name: 'a name added to every program’s builtins',
    attack: 'import sys\nclass S(str):\n    __str__ = eval\nsys.exit(S("str(SAFE_BUILTINS.update(leaked=42))"))',
    later: 'print(leaked)',
    error: /NameError: name 'leaked' is not defined$/,
  },
  {
    name: 'a file left outside scratch',
    attack: escaped("open('/tmp/left.txt', 'w').write('x')"),
    later: "import os\nprint(os.path.exists('/tmp/left.txt'))",
    stdout: 'False\n',
  },
];

/** Ordinary programs and what they print (by hand), which must run as before. */
export const ORDINARY_PROGRAMS: readonly { code: string; stdout: string }[] = [
  { code: 'from fractions import Fraction as F\nprint(F(1, 3) + F(1, 6))', stdout: '1/2\n' },
  { code: 'import statistics\nprint(statistics.mean([1, 2, 3, 4]), statistics.median([3, 1, 2]))', stdout: '2.5 2\n' },
  { code: "import re\nprint(re.findall(r'\\d+', 'a1b22c333'))", stdout: "['1', '22', '333']\n" },
  { code: 'from decimal import Decimal\nprint(Decimal(1) / Decimal(7))', stdout: '0.1428571428571428571428571429\n' },
  {
    code: 'import itertools\nprint(list(itertools.combinations("abc", 2)))',
    stdout: "[('a', 'b'), ('a', 'c'), ('b', 'c')]\n",
  },
  {
    code: 'with open("n.txt", "w") as f:\n    f.write("12\\n30\\n")\nprint(sum(int(x) for x in open("n.txt")))',
    stdout: '42\n',
  },
];

/**
 * Programs past the Python policy (run with the test hook's prefix, src/sandbox/test-hook.ts, by
 * the boundary tests: Node, Chromium, Firefox) that change the worker's JS realm, which the
 * snapshot does not cover (src/sandbox/freeze-realm.ts). They leave the policy's own state as it
 * was (the import blocker put back), so the worker is not replaced for that reason.
 */
export const ESCAPED_STATE_ATTACKS: readonly StateAttack[] = [
  {
    // Through Pyodide's FFI alone (no `scope`): a JS object's `constructor` is the realm's Object.
    name: 'a getter on Array.prototype[0] that fakes every later result',
    attack: [
      'import sys',
      'kept = list(sys.meta_path)',
      "sys.meta_path[:] = [f for f in kept if type(f).__name__ != 'BlockFinder']",
      'import _pyodide_core as core',
      'sys.meta_path[:] = kept',
      'Obj = core.to_js({}).constructor',
      'Arr = core.to_js([1]).constructor',
      'desc = Obj.new()',
      "desc.get = Obj.prototype.valueOf.bind('FAKE')",
      'desc.set = Obj.prototype.valueOf',
      'desc.configurable = True',
      "Obj.defineProperty(Arr.prototype, '0', desc)",
    ].join('\n'),
    later: 'print(2 + 2)',
    stdout: '4\n',
  },
  {
    name: 'Date.now rebound, which Python’s clock reads',
    attack: 'scope.Date.now = scope.Math.random',
    later: 'import time\nprint(time.time() > 1.7e9)',
    stdout: 'True\n',
  },
];
