/**
 * CPU time of the browser's threads, by kind, from Linux's /proc (tab.bench.ts takes one reading
 * before an iteration's click and one at its idle). Chromium's renderer runs the page's thread, the
 * engine's and Python's workers (DedicatedWorker), the compositor, and a pool of background
 * threads (ThreadPoolForegroundWorker) where V8 compiles optimised code, WebAssembly is compiled to
 * its top tier and the collector marks and sweeps: on two cores those compete with the workers, and
 * in a page's first iteration they used about twice the CPU of the second (docs/performance.md).
 */
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds per "process type: thread name" (Linux keeps 15 characters of a thread's name: the
 *  renderer's page thread is "renderer: chromium", its background pool "renderer: ThreadPoolForeg"). */
export type ThreadCpu = Record<string, number>;

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * A /proc `stat` line's command name and CPU seconds (utime + stime, fields 14 and 15): the name
 * sits in parentheses and may hold spaces and parentheses itself, so the fields are counted from
 * the last ")".
 */
export function parseStat(line: string): { name: string; parent: number; cpuSeconds: number } {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${JSON.stringify(line.slice(0, 80))}`);
  // After ") ": state (3), ppid (4), …, utime (14), stime (15): indices 0, 1, …, 11, 12.
  const fields = line.slice(close + 2).split(' ');
  return {
    name: line.slice(open + 1, close),
    parent: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** The process type Chromium passes a child (`--type=renderer`), "browser" for the first process. */
export function processType(cmdline: string): string {
  return /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
}

/** Whether a command line (arguments joined by spaces) runs Chromium's program. */
export function isChromium(cmdline: string): boolean {
  return /^chrom(e|ium)$/.test(cmdline.split(' ')[0]?.split('/').pop() ?? '');
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread ended between listing and reading
  }
};

/** The descendants of process `root` (not `root` itself). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat) parents.set(Number(entry), parseStat(stat).parent);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree.slice(1);
}

/**
 * CPU seconds so far of every thread of the Chromium processes this process started (its
 * descendants whose program is Chromium's), summed by kind.
 */
export function browserThreadCpu(): ThreadCpu {
  const out: ThreadCpu = {};
  for (const pid of descendants(process.pid)) {
    // Chromium rewrites its children's command lines as one string with spaces, not NUL-separated.
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
    if (!isChromium(cmdline)) continue;
    const type = processType(cmdline);
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const { name, cpuSeconds } = parseStat(stat);
      const key = `${type}: ${name}`;
      out[key] = (out[key] ?? 0) + cpuSeconds;
    }
  }
  return out;
}

/** What each kind used between two readings (kinds that used under 0.01 s left out), most first. */
export function cpuBetween(before: ThreadCpu, after: ThreadCpu): ThreadCpu {
  const rows = Object.entries(after)
    .map(([kind, s]) => [kind, Number((s - (before[kind] ?? 0)).toFixed(2))] as const)
    .filter(([, s]) => s >= 0.01)
    .sort((a, b) => b[1] - a[1]);
  return Object.fromEntries(rows);
}
