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


def text_of(value):
    """str(value) for a user object whose __str__ may raise, loop or return a str subclass."""
    try:
        return capped(str.__str__(str(value)))
    except BaseException as failed:
        return f'<{type(value).__name__} object: str() failed with {type(failed).__name__}>'


def exit_error(stop):
    try:
        code = stop.code
        if code is None or (type(code) in (int, bool) and code == 0):
            return None
        return f'SystemExit: {text_of(code)}'
    except BaseException:
        return 'SystemExit: <its code could not be shown>'


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
SEALED = (Capped, BlockFinder, Refused, Checker)


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


def run(code):
    out, err = Capped(), Capped()
    error, interrupted = None, False
    fresh_state()
    linecache.cache['<tool>'] = (len(code), None, code.splitlines(True), '<tool>')
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        program = compile_checked(code, '<tool>', 'exec')
        current_builtins[0] = dict(SAFE_BUILTINS)
        builtins.exec(program, user_namespace({'__name__': '__main__'}, 0))
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
            error = f'{type(caught).__name__} (its message could not be shown: {type(failed).__name__})'
    finally:
        sys.stdout, sys.stderr = saved
        linecache.cache.pop('<tool>', None)
        current_builtins[0] = {}
    return [out.value(), err.value(), error, interrupted]


def live_objects():
    return len(gc.get_objects())


fresh_state()
(run, live_objects)
`;
