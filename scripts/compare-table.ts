/**
 * `npm run simulate -- --compare FILE_A FILE_B`: two recorded runs side by side, one row per
 * iteration with each metric of src/engine/loop/metrics.ts written `A / B` ("—" where a run did not
 * measure it, or predates it), the base models, and the settings in which they differ.
 */
import { configDiff, formatSetting } from '../src/engine/files/config-diff';
import { type Metric, METRICS } from '../src/engine/loop/metrics';
import { metricValue } from '../src/engine/loop/summary';
import type { RunCurves } from '../src/engine/files/run-file';

const fmt = (x: number | null | undefined, digits = 3) => (x === null || x === undefined ? '—' : x.toFixed(digits));

/** The lines printed for runs `a` and `b` (named `names`). */
export function compareLines(a: RunCurves, b: RunCurves, names: [string, string]): string[] {
  const width = 15;
  const cell = (text: string) => text.padStart(width);
  const iterations = [...new Set([...a.summaries, ...b.summaries].map((s) => s.iteration))].sort((x, y) => x - y);
  const at = (run: RunCurves, i: number) => run.summaries.find((s) => s.iteration === i);
  const lines = [
    `A: ${names[0]} (${a.preset}, seed ${a.config.seed}, ${a.summaries.length} iterations)`,
    `B: ${names[1]} (${b.preset}, seed ${b.config.seed}, ${b.summaries.length} iterations)`,
    `base model held-out accuracy: A ${fmt(a.baseline?.accuracy)} / B ${fmt(b.baseline?.accuracy)}`,
    '',
    ['iter'.padStart(5), ...METRICS.map((m) => cell(`${m.column} A / B`))].join(' '),
  ];
  for (const i of iterations) {
    const [sa, sb] = [at(a, i), at(b, i)];
    const pair = (m: Metric) =>
      cell(
        `${fmt(sa ? metricValue(sa, m.key) : undefined, m.digits)} / ${fmt(sb ? metricValue(sb, m.key) : undefined, m.digits)}`,
      );
    lines.push([String(i).padStart(5), ...METRICS.map(pair)].join(' '));
  }
  const diff = configDiff([a.config, b.config]);
  lines.push('', diff.length === 0 ? 'settings: the same' : 'settings that differ (A → B):');
  for (const d of diff) lines.push(`  ${d.path}: ${formatSetting(d.values[0])} → ${formatSetting(d.values[1])}`);
  return lines;
}
