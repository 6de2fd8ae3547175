/**
 * The escapes of issue #58 against the real Node sandbox: library code that evaluates text with
 * the real builtins (typing's forward references), the sandbox's frame-reading builtins (eval,
 * exec, globals) driven from a library's frame, and an exit code whose `__str__` is the sandbox's
 * own eval. Each must leave the program with nothing real: no file outside scratch, no
 * `inspect`, no `__subclasses__`, no real builtins or `sys`, and no change to later calls.
 */
import { describe, expect, it } from 'vitest';
import { useNodeSandbox } from './node-sandbox.ts';

const { run } = useNodeSandbox();

const refused =
  /is blocked in the sandbox|is disabled in the sandbox|is not allowed in the sandbox|not available in the sandbox/;
/** The first two bytes of the standard library's zip (a file outside scratch): "PK". */
const ZIP = "open('/lib/python314.zip','rb').read(2)";

describe("typing's forward references evaluate through the sandbox's builtins", () => {
  const attacks: [string, string][] = [
    ['a file outside scratch', `import typing as t\nprint(t.get_args(t.List["${ZIP}"])[0].evaluate())`],
    ['the inspect module', `import typing as t\nprint(t.get_args(t.List["__import__('inspect')"])[0].evaluate())`],
    [
      'every class through __subclasses__',
      `import typing as t\nprint(len(t.get_args(t.List["().__class__.__base__.__subclasses__()"])[0].evaluate()))`,
    ],
    [
      'the real open by its bare name',
      `import typing as t\nprint(t.get_args(t.List["open"])[0].evaluate()("/lib/python314.zip", "rb").read(2))`,
    ],
    [
      "a module's namespace named by the reference",
      `import typing as t\nf = t.get_args(t.List["x"])[0]\nprint(type(f)("modules", module="sys").evaluate())`,
    ],
    [
      "a guard's globals through owner",
      `import typing as t\nprint(t.get_args(t.List["real_open"])[0].evaluate(owner=open)("/lib/python314.zip", "rb").read(2))`,
    ],
  ];

  it.each(attacks)('%s', async (_label, code) => {
    const result = await run(code);
    expect(result).toMatchObject({ timedOut: false, crashed: false });
    expect(result.stdout).toBe('');
    expect(result.error).toMatch(new RegExp(`${refused.source}|NameError`));
  });

  it('a forward reference to an ordinary name or expression still evaluates', async () => {
    const code =
      'import typing as t\nx = 6\nprint(t.get_args(t.List["x * 7"])[0].evaluate(), t.get_args(t.List["int"])[0].evaluate())';
    expect((await run(code)).stdout).toBe("42 <class 'int'>\n");
  });
});

describe('eval, exec and globals called from a library frame see only the program', () => {
  const attacks: [string, string][] = [
    ['enum handing eval its globals', "import enum\nE = enum.Enum('E', map(eval, ['dict()[bltns]']))\nprint(list(E))"],
    [
      'collections handing eval its globals',
      "import collections\nprint(collections.Counter(map(eval, ['dict()[_sys]'])))",
    ],
    ['exec in a library frame', "import collections\ncollections.Counter(map(exec, ['print(type(_sys))']))"],
    [
      'globals() called by a library frame',
      "import heapq\ng = next(heapq.merge(iter(globals, 0)))\nprint(g['__builtins__']['open']('/lib/python314.zip', 'rb').read(2))",
    ],
  ];

  it.each(attacks)('%s', async (_label, code) => {
    const result = await run(code);
    expect(result).toMatchObject({ timedOut: false, crashed: false });
    expect(result.stdout).toBe('');
    expect(result.error).toMatch(new RegExp(`${refused.source}|NameError|KeyError: '(bltns|_sys|open)'`));
  });

  it('eval, exec and globals in the program and its functions keep their usual namespaces', async () => {
    const code = [
      'y = 5',
      'def f(a):',
      '    b = a + 1',
      '    return eval("a * b + y")',
      'exec("z = y * 2")',
      'print(f(2), z, eval("y + 1", {"y": 9}), list(map(eval, ["y", "y * 3"])), "y" in globals())',
    ].join('\n');
    const result = await run(code);
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe('11 10 10 [5, 15] True\n');
  });

  it('an eval given builtins of its own keeps them (the "safe eval" idiom)', async () => {
    const code = 'print(eval("1 + 2", {"__builtins__": {}}))\nprint(eval("len(\'ab\')", {"__builtins__": {}}))';
    const result = await run(code);
    expect(result.stdout).toBe('3\n');
    expect(result.error).toMatch(/NameError: name 'len' is not defined$/);
  });
});

describe('an exit code never runs program code in the sandbox', () => {
  it('a str subclass whose __str__ is eval cannot switch the policy off', async () => {
    const code = [
      'import sys',
      'class S(str):',
      '    __str__ = eval',
      "sys.exit(S(\"str(SAFE_BUILTINS.update({'open': real_open, '__import__': real_import}))\"))",
    ].join('\n');
    const exit = await run(code);
    expect(exit).toMatchObject({ timedOut: false, crashed: false });
    expect(exit.error).toBe("SystemExit: str(SAFE_BUILTINS.update({'open': real_open, '__import__': real_import}))");
    expect((await run(`print(${ZIP})`)).error).toMatch(refused);
    expect((await run('import inspect')).error).toMatch(refused);
  });

  it('shows an int or str code as such and anything else by its class name', async () => {
    expect((await run('import sys\nsys.exit(3)')).error).toBe('SystemExit: 3');
    expect((await run('raise SystemExit("bye")')).error).toBe('SystemExit: bye');
    const code =
      'class Boom:\n    def __str__(self):\n        print("RAN")\n        return "x"\nraise SystemExit(Boom())';
    const result = await run(code);
    expect(result.stdout).toBe('');
    expect(result.error).toBe('SystemExit: <Boom object>');
  });
});
