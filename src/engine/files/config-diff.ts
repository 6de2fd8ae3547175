/**
 * The settings in which runs differ: every leaf of their settings objects, written as its dotted
 * path (`executor.klCoef`, as in the URL's `section.key=value`), whose value is not the same in all
 * runs. A path missing from one run (a setting added later) counts as differing, with `undefined`.
 */

/** One setting that differs, with its value in each run (in the order the runs were given). */
export interface SettingDiff {
  path: string;
  values: unknown[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The leaves of a settings object: `{ a: { b: 1 }, seed: 2 }` → [['a.b', 1], ['seed', 2]]. */
export function flattenSettings(value: unknown, prefix = ''): [string, unknown][] {
  if (!isPlainObject(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => flattenSettings(v, prefix ? `${prefix}.${k}` : k));
}

/** Two leaf values are the same when their JSON is (numbers, strings, booleans, null, arrays). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Settings that differ among `configs`: a path is listed when some run's value is not the first
 * run's, paths in the order they first appear (the first run's order, then the others' extra ones).
 */
export function configDiff(configs: readonly unknown[]): SettingDiff[] {
  const flat = configs.map((c) => new Map(flattenSettings(c)));
  const paths: string[] = [];
  for (const m of flat) for (const p of m.keys()) if (!paths.includes(p)) paths.push(p);
  return paths.flatMap((path) => {
    const values = flat.map((m) => m.get(path));
    return values.every((v) => same(v, values[0])) ? [] : [{ path, values }];
  });
}

/** A setting's value as written in the URL (`null`, `true`, `0.05`, `grpo`); a missing one is "—". */
export function formatSetting(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
