/**
 * The prelude's restricted builtins (Python, run after prelude.ts's tables, capability removal and
 * static check, in the same namespace): the guarded `__import__` that hands out per-run shadow
 * copies of the allowed modules, `open` confined to scratch, the guarded getattr family, `exec` and
 * `eval` re-checked, `syntax_check`, and `SAFE_BUILTINS`, the builtins every call gets. The threat
 * model is in prelude.ts.
 */
export const PRELUDE_BUILTINS = String.raw`# --- restricted builtins --------------------------------------------------------------------
real_import = builtins.__import__
real_open = builtins.open
real_getattr = builtins.getattr
real_listdir = os.listdir
shadows = {}


def confine(file, what):
    if not isinstance(file, (str, bytes, os.PathLike)):
        raise PermissionError(f'{what} takes a file name inside {SCRATCH} in the sandbox')
    path = os.path.realpath(os.path.join(SCRATCH, os.fsdecode(file)))
    if path != SCRATCH and not path.startswith(SCRATCH + '/'):
        raise PermissionError(f'{what} outside {SCRATCH} is not allowed in the sandbox: {file!r}')
    return path


def guarded_listdir(path='.'):
    return real_listdir(confine(path, 'os.listdir()'))


real_update_wrapper = functools.update_wrapper


def guarded_update_wrapper(wrapper, wrapped, assigned=functools.WRAPPER_ASSIGNMENTS,
                           updated=functools.WRAPPER_UPDATES):
    # The real one reads any named attribute with the real getattr (say the __globals__ of a guard):
    # only the default names are copied in the sandbox.
    if tuple(assigned) != functools.WRAPPER_ASSIGNMENTS or tuple(updated) != functools.WRAPPER_UPDATES:
        raise PermissionError('functools.update_wrapper() with other attribute names is not allowed in the sandbox')
    return real_update_wrapper(wrapper, wrapped)


def guarded_wraps(wrapped, assigned=functools.WRAPPER_ASSIGNMENTS, updated=functools.WRAPPER_UPDATES):
    if tuple(assigned) != functools.WRAPPER_ASSIGNMENTS or tuple(updated) != functools.WRAPPER_UPDATES:
        raise PermissionError('functools.wraps() with other attribute names is not allowed in the sandbox')
    return lambda wrapper: real_update_wrapper(wrapper, wrapped)


OVERRIDE = {
    'sys': {'setrecursionlimit': setrecursionlimit},
    'os': {'listdir': guarded_listdir},
    'functools': {'update_wrapper': guarded_update_wrapper, 'wraps': guarded_wraps},
}


def shadow(module):
    key = id(module)
    if key not in shadows:
        name = module.__name__
        copy = types.ModuleType(name, module.__doc__)
        shadows[key] = copy
        only, drop = ONLY.get(name), DROP.get(name, ())
        for attr, value in vars(module).items():
            if blocked_attr(attr) or isinstance(value, types.ModuleType) or attr in drop:
                continue
            if only is None or attr in only:
                setattr(copy, attr, OVERRIDE.get(name, {}).get(attr, value))
        copy.__getattr__ = lambda attr, real=module: submodule(real, attr)
    return shadows[key]


def submodule(real, attr):
    value = real_getattr(real, attr, None)
    if blocked_attr(attr) or not isinstance(value, types.ModuleType) or value.__name__ not in ALLOWED:
        raise AttributeError(f'module {real.__name__!r} has no attribute {attr!r} (or it is not allowed in the sandbox)')
    return shadow(value)


def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level:
        raise ImportError('relative imports are not available in the sandbox')
    if not isinstance(name, str):
        raise TypeError('__import__() takes a module name')
    check_module(name)
    for item in fromlist or ():
        check_attr(item)
    return shadow(real_import(name, None, None, fromlist, 0))


def guarded_open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
    if not isinstance(buffering, int) or buffering == 0:
        raise PermissionError('unbuffered open() is not allowed in the sandbox')
    return real_open(confine(file, 'open()'), mode, buffering, encoding, errors, newline)


def guarded_getattr(obj, name, *default):
    check_attr(name)
    return real_getattr(obj, name, *default)


def guarded_hasattr(obj, name):
    check_attr(name)
    return builtins.hasattr(obj, name)


def guarded_setattr(obj, name, value):
    check_attr(name)
    builtins.setattr(obj, name, value)


def guarded_delattr(obj, name):
    check_attr(name)
    builtins.delattr(obj, name)


# The builtins and the globals of the program now running (empty between programs).
current_builtins = [{}]
current_namespace = [{}]


def is_real_builtins(value):
    """Whether value is the real builtins module or its dict, by identity (no comparison the
    program could override)."""
    return value is builtins or value is vars(builtins)


def program_namespaces(namespace, locals, depth):
    """The globals and locals for eval/exec/globals()/locals(), whoever calls them. A frame-reading
    builtin called from the program's own frame (one that resolves builtins in this run's sandbox
    builtins) uses that frame's globals and locals, as in CPython; called from any other frame (a
    library driving it through map or iter, the sandbox's own exit handler) it uses the program's
    globals, never the caller's, which may hold the real builtins. Given globals must be a dict
    without the real builtins (a module's namespace has them, and is refused); a dict without any
    gets the sandbox's, and one with builtins of the program's own making keeps them."""
    if namespace is None:
        frame = sys._getframe(depth + 1)
        if frame.f_builtins is current_builtins[0]:
            namespace = frame.f_globals
            if locals is None:
                locals = frame.f_locals
                if not isinstance(locals, dict):
                    locals = dict(locals)
        else:
            namespace = current_namespace[0]
    elif not issubclass(type(namespace), dict):
        raise TypeError('globals must be a dict')
    elif is_real_builtins(dict.get(namespace, '__builtins__', None)):
        raise PermissionError("eval() or exec() in a module's namespace is not allowed in the sandbox")
    if not dict.__contains__(namespace, '__builtins__'):
        namespace['__builtins__'] = current_builtins[0]
    return namespace, locals


def guarded_exec(source, globals=None, locals=None):
    if not isinstance(source, str):
        raise PermissionError('exec() takes source text only in the sandbox')
    globals, locals = program_namespaces(globals, locals, 1)
    builtins.exec(compile_checked(source, '<string>', 'exec'), globals, locals)


def guarded_eval(source, globals=None, locals=None):
    if not isinstance(source, str):
        raise PermissionError('eval() takes source text only in the sandbox')
    globals, locals = program_namespaces(globals, locals, 1)
    return builtins.eval(compile_checked(source, '<string>', 'eval'), globals, locals)


def guarded_globals():
    return program_namespaces(None, None, 1)[0]


def guarded_locals():
    namespace, locals = program_namespaces(None, None, 1)
    return namespace if locals is None else locals


FORWARD_ARG = annotationlib.ForwardRef.__dict__['__forward_arg__'].__get__
REWRITE_STAR = annotationlib._rewrite_star_unpack
FORMAT = annotationlib.Format


def forward_ref_evaluate(self, *, globals=None, locals=None, type_params=None, owner=None, format=FORMAT.VALUE):
    """annotationlib.ForwardRef.evaluate in the sandbox (typing's forward references and every
    evaluation typing does go through it): the reference's text is evaluated by the sandbox's eval,
    checked, with the sandbox's builtins, in the globals given or the program's. The owner, module,
    cell and real builtins the library version consults are never read."""
    arg = FORWARD_ARG(self)
    if format == FORMAT.STRING:
        return arg
    if format != FORMAT.VALUE and format != FORMAT.FORWARDREF:
        raise NotImplementedError(format)
    globals, locals = program_namespaces(globals, locals, 1)
    try:
        return builtins.eval(compile_checked(REWRITE_STAR(arg), '<string>', 'eval'), globals, locals)
    except Exception:
        if format != FORMAT.FORWARDREF:
            raise
        return self


annotationlib.ForwardRef.evaluate = forward_ref_evaluate


def syntax_check(source):
    """Compile source text in exec mode and discard the code object: raises SyntaxError or returns None."""
    if not isinstance(source, str):
        raise TypeError('syntax_check() takes source text')
    compile(source, '<snippet>', 'exec', dont_inherit=True)


KEPT_DUNDERS = ('__build_class__', '__import__', '__name__', '__debug__')
SAFE_BUILTINS = {k: v for k, v in vars(builtins).items() if not k.startswith('_') or k in KEPT_DUNDERS}
for removed in ('compile', 'vars', 'breakpoint', 'help', 'input', 'copyright', 'credits', 'license'):
    SAFE_BUILTINS[removed] = deny(f'{removed}()')
SAFE_BUILTINS.update({
    '__import__': guarded_import, 'open': guarded_open, 'getattr': guarded_getattr,
    'hasattr': guarded_hasattr, 'setattr': guarded_setattr, 'delattr': guarded_delattr,
    'exec': guarded_exec, 'eval': guarded_eval, 'globals': guarded_globals, 'locals': guarded_locals,
    'syntax_check': syntax_check,
})


`;
