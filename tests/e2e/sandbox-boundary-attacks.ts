/**
 * What a Python program finds past the sandbox's policy (issue 58, "nothing past the worker"): the
 * attacks of the boundary tests in Chromium (tests/e2e/sandbox-boundary.spec.ts) and Firefox
 * (tests/firefox/sandbox-boundary.test.ts). Each starts where a policy escape would leave the
 * attacker: the test hook (src/sandbox/test-hook.ts, the development server only) runs it with the
 * real builtins and the worker's JS global object as `scope`. `stdout` is what a worker with
 * nothing past it prints (written by hand from the names asked for and the worker's refusals).
 */
/**
 * The JS bridge modules, with the import blocker gone and Pyodide's own JS finder of start-up put
 * back (found among live objects: importing `_pyodide._importhook` again makes a new finder with no
 * modules registered in it; an earlier version of this attack did that, and passed with the bridge
 * modules left in). Prints the finder's modules, then how importing `js` and `pyodide_js` ends.
 */
export const BRIDGE_ATTACK = [
  'import sys',
  "sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'BlockFinder']",
  'import gc',
  "finders = [o for o in gc.get_objects() if type(o).__name__ == 'JsFinder']",
  'sys.meta_path.extend(finders)',
  'print(sorted(name for finder in finders for name in finder.jsproxies))',
  "for name in ('js', 'pyodide_js'):",
  '    try:',
  '        __import__(name)',
  "        print(name, 'IMPORTED')",
  '    except ImportError as e:',
  '        print(name, type(e).__name__)',
].join('\n');

export interface BoundaryAttack {
  name: string;
  code: string;
  stdout: string;
}

/** Worker globals that would reach the network, storage, other contexts, code loading or the page. */
const REACHING_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'localStorage',
  'sessionStorage',
  'navigator',
  'postMessage',
  'BroadcastChannel',
  'Worker',
  'eval',
  'document',
  'window',
  'parent',
  'opener',
];

/** Routes from a string to JS code once `eval` is gone. */
const STRING_ROUTES = [
  "scope.Function('return 1')()",
  "scope.Object.constructor('return 1')()",
  "scope.setTimeout('1', 0)",
];

export const BOUNDARY_ATTACKS: readonly BoundaryAttack[] = [
  {
    // Not an attack: proof that the program runs past the policy (a guarded program may not open
    // files outside scratch).
    name: 'the attacker is past the policy',
    code: "print(open('/lib/python314.zip', 'rb').read(2))",
    stdout: "b'PK'\n",
  },
  {
    name: 'the JS bridge modules, with the import blocker gone and Pyodide’s own JS finder put back',
    code: BRIDGE_ATTACK,
    stdout: '[]\njs ModuleNotFoundError\npyodide_js ModuleNotFoundError\n',
  },
  {
    name: 'network, storage, messaging and page globals on the worker’s scope',
    code: `print([n for n in ${JSON.stringify(REACHING_GLOBALS)} if getattr(scope, n, None) is not None])`,
    stdout: '[]\n',
  },
  {
    name: 'a route from a string to JS code',
    code: [
      `for route in ${JSON.stringify(STRING_ROUTES)}:`,
      '    try:',
      "        print('RAN', eval(route))",
      '    except Exception as e:',
      "        print(str(e).split('\\n')[0].split(': ')[-1])",
    ].join('\n'),
    stdout: [
      'creating functions from strings is disabled in the sandbox',
      'creating functions from strings is disabled in the sandbox',
      'setTimeout takes a function in the sandbox',
      '',
    ].join('\n'),
  },
];
