/**
 * The sandbox's test hook: the starting point of an attacker who escaped the Python policy, so that
 * tests can show from inside the worker that nothing past it is reachable (no JS bridge, network,
 * storage, page data, `process` or `require`). A program that begins with `UNGUARDED_PREFIX` runs
 * unchecked with the real builtins, but only in a worker started with the hook on: in Node only a
 * test passes that to `spawnNodeSandboxWorker`, and in the browser worker the switch is compiled
 * out of the production build (`import.meta.env.DEV`). Production workers run such a program as any
 * other (the prefix is a comment).
 */
export const UNGUARDED_PREFIX = '# sandbox test hook: unguarded\n';

/** Whether a worker with the hook `enabled` runs `code` unguarded. */
export function runsUnguarded(enabled: boolean, code: string): boolean {
  return enabled && code.startsWith(UNGUARDED_PREFIX);
}
