/**
 * The prelude's second part (Python, run after prelude.ts's policy in the same namespace): one
 * run (capped streams, exit and error text) and the state a call starts in: sys.path without
 * writable directories, the decimal context and a fresh random seed. What a call changes is
 * undone outside Python, by restoring the interpreter's pristine snapshot after it (snapshot.ts);
 * the classes user code can reach are sealed at boot as well, so no call can patch them while it
 * runs. Ends with the tuple `(run, live_objects)` the runtime reads.
 */
export const PRELUDE_RUN = String.raw`# --- one run --------------------------------------------------------------------------------
class Capped(io.TextIOBase):
    __slots__ = ('_parts', '_size', '_dropped')

    def __init__(self):
        self._parts, self._size, self._dropped = [], 0, 0

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f'write() argument must be str, not {type(text).__name__}')
        room = max(CAP - self._size, 0)
        if room:
            self._parts.append(str(text[:room]))
            self._size += min(room, len(text))
        self._dropped += max(len(text) - room, 0)
        return len(text)

    def value(self):
        text = ''.join(self._parts)
        if self._dropped:
            text += f'\n[output truncated: {self._dropped} more characters]'
        return text


def capped(text):
    return text if len(text) <= CAP else text[:CAP] + f'\n[message cut: {len(text) - CAP} more characters]'


CLASS_NAME = type.__dict__['__name__'].__get__
EXIT_CODE = SystemExit.__dict__['code'].__get__


def exit_error(stop):
    """The error text of a SystemExit, read without running any of the program's code (no str(),
    repr() or attribute the program could override): a str code by its characters, an int by its
    digits, anything else by its class's name."""
    code = EXIT_CODE(stop)
    kind = type(code)
    if code is None or (kind in (int, bool) and code == 0):
        return None
    if issubclass(kind, str):
        text = capped(str.__str__(code))
    elif issubclass(kind, int):
        text = int.__repr__(code)
    else:
        text = f'<{CLASS_NAME(kind)} object>'
    return f'SystemExit: {text}'


def describe(error):
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != HERE]
    lines = traceback.format_exception_only(type(error), error)
    if frames and not isinstance(error, SyntaxError):
        lines = ['Traceback (most recent call last):\n', *traceback.format_list(frames), *lines]
    text = ''.join(lines).rstrip('\n')
    if len(text) > CAP:
        text = f'[traceback cut: {len(text) - CAP} characters]\n' + text[-CAP:]
    return text


# --- the same interpreter state for every call ------------------------------------------------
# No import searches a writable directory: the current directory ('') and scratch leave sys.path.
CLEAN_PATH = [p for p in sys.path if p not in ('', '.') and not p.startswith(SCRATCH)]
sys.path[:] = CLEAN_PATH
for allowed in sorted(ALLOWED):
    real_import(allowed)
DECIMAL_DEFAULT = decimal.DefaultContext.copy()
SEALED = (Capped, BlockFinder, Refused, Checker, annotationlib.ForwardRef)


# Py_TPFLAGS_IMMUTABLETYPE: a class whose attributes no code can set or delete (int, str,
# decimal.Decimal…), read through type's own descriptor, which no class or metaclass can shadow.
IMMUTABLE_TYPE = 1 << 8
type_flags = type.__dict__['__flags__'].__get__
type_module = type.__dict__['__module__'].__get__
# tp_flags in CPython's PyTypeObject: after the object header (three words) the eighteen slots
# tp_name … tp_as_buffer, each one word wide, so the 22nd word.
TP_FLAGS_OFFSET = 21 * ctypes.sizeof(ctypes.c_void_p)


def module_root(klass):
    """The top-level name of the module that defined a class, without a leading underscore
    (_json's classes count as json's)."""
    try:
        return str(type_module(klass)).lstrip('_').partition('.')[0]
    except AttributeError:
        return ''


def reachable_classes():
    """The classes user code can reach and must not change: the allowed modules' public classes
    and their bases, every class their modules define (private helpers too, such as the one
    behind typing.List[int], reached through type() or __class__), and the sandbox's own."""
    found = {}
    roots = {name.partition('.')[0] for name in ALLOWED} | {__name__}
    for value in gc.get_objects():
        if issubclass(type(value), type) and module_root(value) in roots:
            found.setdefault(id(value), value)
    public = [v for name in ALLOWED - {'sys'} for k, v in vars(sys.modules[name]).items()
              if not k.startswith('_') and isinstance(v, type)]
    for klass in public + list(SEALED):
        for base in klass.__mro__:
            found.setdefault(id(base), base)
    return list(found.values())


def seal(klass):
    """Give a class the flag CPython gives its built-in types: from then on setting or deleting
    any of its attributes raises TypeError (a subclass defined later is not sealed)."""
    flags = ctypes.c_ulong.from_address(id(klass) + TP_FLAGS_OFFSET)
    if flags.value != type_flags(klass):
        raise RuntimeError(f'the type flags of {klass.__qualname__} are not where this CPython keeps them')
    flags.value |= IMMUTABLE_TYPE


# What an allowed module sets on its own class the first time it is used, done before the seal:
# string.Template compiles its pattern into a class attribute on first substitute().
string_module = real_import('string')
string_module.Template('').substitute()
for klass in reachable_classes():
    if not type_flags(klass) & IMMUTABLE_TYPE:
        seal(klass)
del ctypes

def fresh_state():
    os.chdir('/')
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH, exist_ok=True)
    os.chdir(SCRATCH)
    shadows.clear()
    sys.settrace(None)
    sys.setprofile(None)
    real_setrecursionlimit(RECURSION_DEFAULT)
    sys.set_int_max_str_digits(4300)
    sys.stdin = io.StringIO('')
    decimal.setcontext(DECIMAL_DEFAULT.copy())
    random.seed()


def mark(value):
    """Identity of a container's contents: its keys and the ids of its values (or items)."""
    if isinstance(value, (dict, types.MappingProxyType)):
        return (tuple(value), tuple(map(id, value.values())))
    return tuple(map(id, value))


def tidy():
    """Undo what the restore cannot see and check the policy; False when the policy's own state
    changed (the host then replaces the worker instead of restoring it)."""
    sys.path[:] = CLEAN_PATH
    sys.path_importer_cache.clear()
    return policy_mark() == POLICY


def policy_mark():
    """The policy's own state, which no call may change: every name of the sandbox's namespace and
    the contents of its tables (the builtins a call gets, the per-module tables, the finder at the
    head of the import machinery, ForwardRef's evaluate)."""
    tables = [SAFE_BUILTINS, OVERRIDE, ONLY, DROP, *OVERRIDE.values()]
    return [mark(globals()), *map(mark, tables), id(sys.meta_path[0]),
            id(annotationlib.ForwardRef.__dict__['evaluate'])]


def run(code, unguarded=False, scope=None):
    """Run one program. unguarded (only ever passed by the worker's test hook, test-hook.ts) runs
    it unchecked with the real builtins and the worker's JS global object as the name scope: the
    starting point of an attacker who escaped the policy and holds a raw JS object."""
    out, err = Capped(), Capped()
    error, interrupted = None, False
    fresh_state()
    linecache.cache['<tool>'] = (len(code), None, code.splitlines(True), '<tool>')
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        program = compile(code, '<tool>', 'exec') if unguarded else compile_checked(code, '<tool>', 'exec')
        current_builtins[0] = dict(SAFE_BUILTINS)
        current_namespace[0] = {'__name__': '__main__', '__builtins__': builtins if unguarded else current_builtins[0]}
        if unguarded:
            current_namespace[0]['scope'] = scope
        builtins.exec(program, current_namespace[0])
    except Refused as refused:
        error = f'PermissionError: {refused}'
    except KeyboardInterrupt:
        interrupted = True
        error = 'KeyboardInterrupt'
    except SystemExit as stop:
        error = exit_error(stop)
    except BaseException as caught:
        try:
            error = describe(caught)
        except BaseException as failed:
            error = f'{CLASS_NAME(type(caught))} (its message could not be shown: {CLASS_NAME(type(failed))})'
    finally:
        sys.stdout, sys.stderr = saved
        linecache.cache.pop('<tool>', None)
        current_builtins[0] = {}
        current_namespace[0] = {}
    return [out.value(), err.value(), error, interrupted, not tidy()]


def live_objects():
    return len(gc.get_objects())


fresh_state()
POLICY = []
POLICY.extend(policy_mark())
(run, live_objects)
`;
