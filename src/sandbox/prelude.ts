/**
 * The Python half of the sandbox: run once per runtime, before any user code, by runtime.ts.
 *
 * Threat model (what the sandbox defends against, and how; see also harden.ts and host.ts). The
 * code comes from a model being trained, so it is untrusted but not targeted: it is mostly
 * arithmetic, sometimes buggy, sometimes endless, and occasionally reaches for the host. It must
 * not (1) reach the JavaScript world (the `js` / `pyodide_js` modules, the worker's globals, fetch,
 * postMessage, Node's `process`/`require`/child processes), (2) make a request, (3) touch files
 * outside a scratch directory, (4) hang or kill the host, (5) leak state from one call into the
 * next. Layers, from the inside out:
 *  - Capability removal (this file): the `js`/`pyodide_js` JS modules are unregistered, their
 *    import hook is taken off `sys.meta_path`, the host modules are dropped from `sys.modules`, and
 *    a finder at the head of `sys.meta_path` refuses to load them again for anybody. `os.system`
 *    (which in Node would run a real shell command), `os.popen`, `exec*`, `spawn*`, `fork`, `kill`,
 *    `_exit`, `abort` are replaced by stubs that raise.
 *  - A user-level policy (this file and prelude-builtins.ts): user code runs with fresh globals and
 *    a restricted `__builtins__` (guarded `__import__`, `open` confined to /scratch and never
 *    unbuffered, guarded getattr family, eval/exec re-checked, no compile/vars/breakpoint/input;
 *    `syntax_check(text)` compiles and discards the code object, for the code-repair judge).
 *    The builtins that read their caller's frame (eval, exec, globals, locals) are bound to the
 *    program: they use the calling frame only when it runs the program's own code, and the
 *    program's globals when a library or the sandbox calls them (`map(eval, …)` driven by enum or
 *    collections, `iter(globals, 0)` driven by heapq, an exit code whose `__str__` is eval).
 *    Every evaluation of annotation text (typing's forward references, `ForwardRef.evaluate`) goes
 *    through the same checked eval with the sandbox's builtins; the exit handler reads an exit code
 *    without running any of the program's code.
 *    Imports follow an allowlist (`ALLOWED`: the arithmetic, text and data-structure modules);
 *    anything else is refused before any search, so a `.py` written to scratch is never imported,
 *    and neither scratch nor the current directory is on `sys.path`. `sys`, `os` and `io` are
 *    handed out with a few names only (`ONLY`: no `sys.path`/`modules`/`_getframe`, no
 *    `os.open`/`environ`/`system`, no `io.open`/`FileIO`; `os.listdir` confined to scratch), and
 *    the names that evaluate annotation strings with the real `eval` are left out (`DROP`). A
 *    static check refuses attribute names that start with `_` (bar a few harmless dunders),
 *    frame/traceback/code attributes, `sys.modules`-like registries and the routes from an open
 *    file to `FileIO` (`buffer`, `raw`, `detach`): this blocks the `__subclasses__` / `__globals__`
 *    / `__builtins__` / `__loader__` / frame-walking routes. Imported modules are handed out as
 *    per-run shadow copies (their allowed submodules too, lazily) without private names, so no
 *    attribute chain leads to another module and a call cannot rebind a module's names for the next
 *    one (classes and functions are shared, not copied).
 *  - One state for every call (snapshot.ts, snapshot-files.ts, runtime.ts): after start-up the
 *    worker saves the interpreter's memory, its table of JS values and its file system, and puts
 *    them back after every call, so whatever a call changed (a module, a cache, a registry, the
 *    builtins, a file, an object waiting for its finalizer) is gone before the next one starts.
 *    The prelude runs in a namespace of its own (runtime.ts passes it; `__main__` holds nothing of
 *    it); before a call the random seed is drawn afresh; after it, a change to the policy's own state (its namespace, `SAFE_BUILTINS`, its tables) gets the worker replaced instead of restored. The classes a call could patch are sealed
 *    at boot as well (prelude-run.ts): every class the allowed modules define, public or private, their bases and
 *    the sandbox's own get the flag CPython gives int and str, so `Fraction.limit_denominator = …`
 *    or an attribute set on `type(typing.List[int])` raises TypeError in the call that tries it.
 *  - The JS scope (harden.ts): after Pyodide has loaded, the worker loses its network, storage and
 *    messaging globals (browser) or `process`/`require`/`module` (Node), `eval`, the Function
 *    constructors and the global `Function`, and string timers, so even a Python-level escape
 *    holding the worker's global object finds nothing to call (shown from inside with the test
 *    hook, test-hook.ts).
 *  - The process boundary (host.ts, runtime.ts): a dedicated worker, an interrupt buffer, and a
 *    watchdog that terminates and respawns the worker; outputs and error texts are capped here and
 *    cut again in TypeScript after the call, whatever the Python side reports.
 * Known limits: a Python-level policy is best-effort (CPython was not designed to confine code);
 * the outer layers are what make a miss harmless: a call that escapes it still starts from the
 * snapshot's state and leaves nothing for the next call. Pyodide's
 * file system is in-memory (nothing of the host is mounted); `os.path` queries (`exists`,
 * `getsize`, ...) may still read metadata of the runtime's own files outside scratch, but nothing
 * writes there.
 */

import { PRELUDE_BUILTINS } from './prelude-builtins.ts';
import { PRELUDE_RUN } from './prelude-run.ts';

/** Python source of the policy; `__CAP__` is replaced by the output cap in characters. */
const SOURCE = String.raw`
import annotationlib, ast, builtins, ctypes, decimal, functools, gc, io, linecache, os, posix, random, shutil, sys, traceback, types

SCRATCH = '/scratch'
CAP = __CAP__
RECURSION_DEFAULT = 1000
RECURSION_MAX = 3000
HERE = sys._getframe().f_code.co_filename

GLOBAL_BLOCK = frozenset({
    'js', 'pyodide', 'pyodide_js', '_pyodide', '_pyodide_core', 'micropip', 'ctypes', '_ctypes',
    'subprocess', '_posixsubprocess', 'socket', '_socket', 'ssl', '_ssl', 'webbrowser', 'gc',
})
# The modules user code may import (an allowlist: anything else is refused before any search).
ALLOWED = frozenset({
    'math', 'cmath', 'fractions', 'decimal', 'numbers', 'statistics', 'itertools', 'functools',
    'operator', 'collections', 'collections.abc', 're', 'string', 'random', 'heapq', 'bisect',
    'array', 'copy', 'textwrap', 'unicodedata', 'time', 'datetime', 'json', 'enum', 'typing',
    'abc', 'keyword', 'pprint', 'sys', 'os', 'os.path', 'posixpath', 'io',
})
# Modules handed out with only these names (the rest of them touches files, frames or imports).
ONLY = {
    'sys': frozenset({
        'stdout', 'stderr', 'stdin', 'maxsize', 'maxunicode', 'float_info', 'int_info', 'hash_info',
        'version', 'version_info', 'hexversion', 'byteorder', 'platform', 'float_repr_style',
        'getrecursionlimit', 'setrecursionlimit', 'getsizeof', 'exit', 'set_int_max_str_digits',
        'get_int_max_str_digits', 'getdefaultencoding',
    }),
    'os': frozenset({'sep', 'altsep', 'extsep', 'pathsep', 'linesep', 'curdir', 'pardir', 'name',
                     'getcwd', 'listdir'}),
    'io': frozenset({'StringIO', 'BytesIO', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END', 'UnsupportedOperation'}),
}
# Names left out of an allowed module: they evaluate annotation strings with real eval.
DROP = {
    'typing': frozenset({'get_type_hints', 'ForwardRef', 'evaluate_forward_ref', 'get_overloads'}),
    'functools': frozenset({'singledispatch', 'singledispatchmethod'}),
}
SAFE_DUNDERS = frozenset({'__init__', '__name__', '__qualname__', '__doc__', '__class__'})
UNSAFE_ATTRS = frozenset({
    'f_back', 'f_globals', 'f_locals', 'f_builtins', 'f_code', 'tb_frame', 'tb_next', 'gi_frame',
    'gi_code', 'gi_yieldfrom', 'cr_frame', 'cr_code', 'cr_await', 'ag_frame', 'ag_code', 'ag_await',
    'co_code', 'modules', 'meta_path', 'path_hooks', 'path_importer_cache', 'attrgetter',
    'methodcaller', 'Formatter', 'get_field', 'settrace', 'setprofile', 'monitoring', 'addaudithook',
    'buffer', 'raw', 'detach',
})
UNSAFE_NAMES = frozenset({'__builtins__', '__loader__', '__spec__', '__import__', '__build_class__'})
DENIED_OS = ('system', 'popen', 'fork', 'forkpty', 'kill', 'killpg', '_exit', 'abort', 'execv',
             'execve', 'execl', 'execle', 'execlp', 'execlpe', 'execvp', 'execvpe', 'spawnv',
             'spawnve', 'spawnl', 'spawnle', 'posix_spawn', 'posix_spawnp')


def blocked_attr(name):
    return (name.startswith('_') and name not in SAFE_DUNDERS) or name in UNSAFE_ATTRS


def check_attr(name):
    if not isinstance(name, str) or blocked_attr(name):
        raise PermissionError(f"access to attribute {name!r} is blocked in the sandbox")


def check_module(name):
    parts = name.split('.')
    if not all('.'.join(parts[:i]) in ALLOWED for i in range(1, len(parts) + 1)):
        raise ImportError(f"import of {name!r} is blocked in the sandbox", name=name)


# --- capability removal -------------------------------------------------------------------
class BlockFinder:
    def find_spec(self, name, path=None, target=None):
        if name.partition('.')[0] in GLOBAL_BLOCK:
            raise ImportError(f"import of {name!r} is blocked in the sandbox", name=name)
        return None


sys.meta_path[:] = [BlockFinder()] + [f for f in sys.meta_path if type(f).__name__ != 'JsFinder']
for loaded in list(sys.modules):
    if loaded.partition('.')[0] in GLOBAL_BLOCK:
        del sys.modules[loaded]


def deny(label):
    def denied(*args, **kwargs):
        raise PermissionError(f'{label} is disabled in the sandbox')
    return denied


for module in (os, posix):
    for fn in DENIED_OS:
        if hasattr(module, fn):
            setattr(module, fn, deny(f'{module.__name__}.{fn}'))

real_setrecursionlimit = sys.setrecursionlimit


def setrecursionlimit(limit):
    real_setrecursionlimit(min(int(limit), RECURSION_MAX))


sys.setrecursionlimit = setrecursionlimit


# --- static check ---------------------------------------------------------------------------
class Refused(PermissionError):
    pass


class Checker(ast.NodeVisitor):
    def refuse(self, what, node):
        raise Refused(f'{what} is blocked in the sandbox (line {getattr(node, "lineno", "?")})')

    def visit_Attribute(self, node):
        if blocked_attr(node.attr):
            self.refuse(f'access to attribute {node.attr!r}', node)
        self.generic_visit(node)

    def visit_Name(self, node):
        if node.id in UNSAFE_NAMES:
            self.refuse(f'the name {node.id!r}', node)

    def visit_ImportFrom(self, node):
        for alias in node.names:
            if blocked_attr(alias.name):
                self.refuse(f'importing {alias.name!r}', node)
        self.generic_visit(node)

    def visit_MatchClass(self, node):
        for attr in node.kwd_attrs:
            if blocked_attr(attr):
                self.refuse(f'matching on attribute {attr!r}', node)
        self.generic_visit(node)


def compile_checked(source, filename, mode):
    tree = ast.parse(source, filename, mode)
    Checker().visit(tree)
    return compile(tree, filename, mode)


`;

/** The prelude with its output cap (characters per stream) filled in: the tables, capability
 *  removal and static check (this file), the restricted builtins (prelude-builtins.ts), then one
 *  run and the per-call state (prelude-run.ts), which ends with `(run, live_objects)`. */
export function preludeSource(capChars: number): string {
  return (SOURCE + PRELUDE_BUILTINS + PRELUDE_RUN).replace('__CAP__', String(Math.floor(capChars)));
}
