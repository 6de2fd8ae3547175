/**
 * The arithmetic of the tab section (tab.bench.ts): a live iteration in the page, cut into phases
 * from the page's meter entries (src/ui/state/bench-meter.ts), and set beside the Node iteration of
 * the same seed (engine.bench.ts `nodeIterations`).
 *
 * Per phase, from the previous boundary (the command's acknowledgement, the baseline, the previous
 * record) to its record's arrival in the page:
 * - tab = arrival − previous boundary (wall seconds in the tab);
 * - Python = the worker's meter `pythonMs` (time with a tool call in flight), of which `pythonExecMs`
 *   ran in Pyodide and `messageMs` went on the messages there and back;
 * - tfjs = the engine's own time for the phase (`record.ms`) − Python;
 * - page = main-thread ms of the messages and frames the page handled in that window (their union).
 */
import { type PhaseMeter, unionMs } from '../../src/engine/phase-meter';
import type { PageEntry } from '../../src/ui/state/bench-meter';
import type { NodePhase, NodeRun } from './engine.bench';

/** One stretch of a tab iteration: a phase, or the baseline evaluated before the first. */
export interface TabStretch {
  phase: string;
  wallMs: number;
  /** The engine's own time (`record.ms`); null for the baseline (the worker does not time it). */
  engineMs: number | null;
  meter: PhaseMeter | null;
  pageMs: number;
}

/** A live iteration as the page saw it. */
export interface TabIteration {
  /** The baseline evaluation, when this command ran it (the first run of a page). */
  baseline: TabStretch | null;
  phases: TabStretch[];
  /** From the last record to `idle`: the worker encoding the checkpoint it keeps after an iteration
   *  (its write to IndexedDB goes on after `idle`), and the page's main-thread ms meanwhile. */
  afterMs: number;
  afterPageMs: number;
  /** From the command's acknowledgement to `idle`, and the page's main-thread ms meanwhile. */
  totalMs: number;
  totalPageMs: number;
}

/** Main-thread ms of the entries with `from < at ≤ to` (the first stretch also takes `at = from`):
 *  the union of their intervals `[at, at + ms)`, since a message's time to the next task can take in
 *  another message handled meanwhile, which would otherwise be counted twice. */
function pageMsBetween(entries: readonly PageEntry[], from: number, to: number, first: boolean): number {
  const within = entries.filter((e) => (e.at > from || (first && e.at === from)) && e.at <= to);
  return unionMs(within.map((e) => ({ start: e.at, end: e.at + e.ms })));
}

/**
 * The iteration in `entries` (the page's entries from the command's `ack` on, which must be there,
 * to its `idle`), cut into stretches as the module comment says.
 */
export function tabIteration(entries: readonly PageEntry[]): TabIteration {
  const ack = entries.find((e) => e.type === 'ack');
  const idle = entries.find((e) => e.type === 'idle');
  if (!ack || !idle) throw new Error('the page entries hold no whole command (ack … idle)');
  let from = ack.at;
  let first = true;
  const stretch = (e: PageEntry, engineMs: number | null): TabStretch => {
    const s: TabStretch = {
      phase: e.phase ?? e.type,
      wallMs: e.at - from,
      engineMs,
      meter: e.meter ?? null,
      pageMs: pageMsBetween(entries, from, e.at, first),
    };
    from = e.at;
    first = false;
    return s;
  };
  const baselineEntry = entries.find((e) => e.type === 'baseline' && e.at <= idle.at);
  const baseline = baselineEntry ? stretch(baselineEntry, null) : null;
  const phases = entries
    .filter((e) => e.type === 'record' && e.at <= idle.at)
    .map((e) => stretch(e, e.engineMs ?? null));
  return {
    baseline,
    phases,
    afterMs: idle.at - from,
    afterPageMs: pageMsBetween(entries, from, idle.at, first),
    totalMs: idle.at - ack.at,
    totalPageMs: pageMsBetween(entries, ack.at, idle.at, true),
  };
}

/** A row of the side-by-side table (seconds, and the tab/Node ratio). */
export interface CompareRow {
  phase: string;
  tabS: number;
  nodeS: number | null;
  ratio: number | null;
  /** In the tab: Python (calls in flight), of it in Pyodide, tfjs, the page's main thread. */
  pythonS: number | null;
  pythonExecS: number | null;
  tfjsS: number | null;
  pageS: number;
  messages: number | null;
  messageKB: number | null;
  messageS: number | null;
  /** In Node: Python and tfjs, the same way. */
  nodePythonS: number | null;
  nodeTfjsS: number | null;
}

const s2 = (ms: number): number => Number((ms / 1000).toFixed(2));
const ratio = (a: number, b: number): number | null => (b > 0 ? Number((a / b).toFixed(2)) : null);

function row(t: TabStretch, n: { ms: number; meter: PhaseMeter | null } | null): CompareRow {
  const m = t.meter;
  return {
    phase: t.phase,
    tabS: s2(t.wallMs),
    nodeS: n ? s2(n.ms) : null,
    ratio: n ? ratio(t.wallMs, n.ms) : null,
    pythonS: m ? s2(m.pythonMs) : null,
    pythonExecS: m ? s2(m.pythonExecMs) : null,
    tfjsS: m && t.engineMs !== null ? s2(t.engineMs - m.pythonMs) : null,
    pageS: s2(t.pageMs),
    messages: m ? m.messages : null,
    messageKB: m ? Number((m.messageBytes / 1024).toFixed(1)) : null,
    messageS: m ? s2(m.messageMs) : null,
    nodePythonS: n?.meter ? s2(n.meter.pythonMs) : null,
    nodeTfjsS: n?.meter ? s2(n.ms - n.meter.pythonMs) : null,
  };
}

/**
 * The tab's iteration beside Node's (`node`: its phases; `nodeBaselineMs`: Node's baseline when the
 * tab ran one): a row per stretch, the checkpoint after, and two totals — the phases (tab Σ wall
 * against Node Σ `ms`, the like-for-like ratio) and the tab's whole command from the click's
 * acknowledgement to idle (baseline and checkpoint included) against Node's phases plus baseline.
 */
export function compareIteration(tab: TabIteration, node: readonly NodePhase[], nodeBaselineMs: number): CompareRow[] {
  const rows: CompareRow[] = [];
  if (tab.baseline) rows.push(row(tab.baseline, { ms: nodeBaselineMs, meter: null }));
  tab.phases.forEach((t, i) => {
    const n = node[i];
    rows.push(row(t, n && n.phase === t.phase ? n : null));
  });
  rows.push(
    row(
      { phase: 'checkpoint (tab only)', wallMs: tab.afterMs, engineMs: null, meter: null, pageMs: tab.afterPageMs },
      null,
    ),
  );
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const tabPhasesMs = sum(tab.phases.map((p) => p.wallMs));
  const nodePhasesMs = sum(node.map((p) => p.ms));
  const meterSum = (f: (m: PhaseMeter) => number): number => sum(tab.phases.map((p) => (p.meter ? f(p.meter) : 0)));
  const pythonMs = meterSum((m) => m.pythonMs);
  const nodePythonMs = sum(node.map((p) => p.meter.pythonMs));
  rows.push({
    phase: 'iteration (phases)',
    tabS: s2(tabPhasesMs),
    nodeS: s2(nodePhasesMs),
    ratio: ratio(tabPhasesMs, nodePhasesMs),
    pythonS: s2(pythonMs),
    pythonExecS: s2(meterSum((m) => m.pythonExecMs)),
    tfjsS: s2(sum(tab.phases.map((p) => p.engineMs ?? 0)) - pythonMs),
    pageS: s2(sum(tab.phases.map((p) => p.pageMs))),
    messages: meterSum((m) => m.messages),
    messageKB: Number((meterSum((m) => m.messageBytes) / 1024).toFixed(1)),
    messageS: s2(meterSum((m) => m.messageMs)),
    nodePythonS: s2(nodePythonMs),
    nodeTfjsS: s2(nodePhasesMs - nodePythonMs),
  });
  const nodeWholeMs = nodePhasesMs + (tab.baseline ? nodeBaselineMs : 0);
  rows.push({
    ...row({ phase: 'click to idle', wallMs: tab.totalMs, engineMs: null, meter: null, pageMs: tab.totalPageMs }, null),
    nodeS: s2(nodeWholeMs),
    ratio: ratio(tab.totalMs, nodeWholeMs),
  });
  return rows;
}

/** The rows as a plain-text table, one line per row ("–" where a figure does not apply). */
export function formatRows(rows: readonly CompareRow[]): string {
  const head = [
    'phase',
    'tab s',
    'Node s',
    'tab/Node',
    'Python s',
    'in Pyodide',
    'tfjs s',
    'page s',
    'msgs',
    'msg KB',
    'msg s',
    'Node Python',
    'Node tfjs',
  ];
  const cell = (x: number | string | null): string => (x === null ? '–' : String(x));
  const lines = rows.map((r) =>
    [
      r.phase,
      r.tabS,
      r.nodeS,
      r.ratio,
      r.pythonS,
      r.pythonExecS,
      r.tfjsS,
      r.pageS,
      r.messages,
      r.messageKB,
      r.messageS,
      r.nodePythonS,
      r.nodeTfjsS,
    ].map(cell),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (l: string[]): string =>
    l.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [fmt(head), ...lines.map(fmt)].join('\n');
}

/**
 * The mean of two Node measurements of the same iterations (the run is deterministic, so their
 * phases line up; a mismatch throws): each phase's time and meter figures are the mean of the two,
 *
 *   ms(k, p) = (ms_before(k, p) + ms_after(k, p)) / 2,
 *
 * and so are the sandbox's boot and the baseline. The tab bench measures Node before and after the
 * tab, each in a fresh process, so that a machine that speeds up or slows down while the tab runs
 * moves both sides of the ratio alike (Node's first iteration, measured once after the tab, took
 * 6.65–10.95 s in five runs of one evening).
 */
export function meanNodeRun(before: NodeRun, after: NodeRun): NodeRun {
  const mean = (a: number, b: number) => (a + b) / 2;
  if (before.iterations.length !== after.iterations.length) throw new Error('the two Node runs differ in iterations');
  const iterations = before.iterations.map((phases, k) => {
    const other = after.iterations[k] as NodePhase[];
    if (other.length !== phases.length || phases.some((p, i) => p.phase !== other[i]?.phase))
      throw new Error(`the two Node runs ran different phases in iteration ${k + 1}`);
    return phases.map((p, i): NodePhase => {
      const q = other[i] as NodePhase;
      const meter = Object.fromEntries(
        Object.entries(p.meter).map(([key, v]) => [key, mean(v, q.meter[key as keyof PhaseMeter])]),
      ) as unknown as PhaseMeter;
      return { phase: p.phase, ms: mean(p.ms, q.ms), meter };
    });
  });
  return {
    backend: before.backend,
    sandboxBootSeconds: mean(before.sandboxBootSeconds, after.sandboxBootSeconds),
    baselineSeconds: mean(before.baselineSeconds, after.baselineSeconds),
    iterations,
    tensorsBefore: before.tensorsBefore,
    tensorsAfter: after.tensorsAfter,
  };
}
