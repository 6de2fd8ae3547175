/**
 * The tables of the docs that restate code, rendered from that code (`npm run docs:tables`): each a
 * Markdown table, before formatting (regions.ts formats it as prettier does and writes it between
 * its markers). Pure: every table is a function of the source's own tables.
 */
import { AGENT0_VALUES, type SettingPath } from '../../src/core/agent0-values';
import { type Agent0Config, makeConfig, PRESET_NAMES } from '../../src/core/config';
import { METRICS } from '../../src/engine/loop/metrics';
import { LINK_PARAMETERS } from '../../src/ui/lib/link-parameters';
import { METRICS_EN } from '../../src/ui/text/metrics-en';

const code = (text: string): string => `\`${text}\``;

/** A Markdown pipe table (columns not yet aligned); a `|` inside a cell is escaped. */
export function markdownTable(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Settings shown in one row of the preset table, written `first` / `second`; every other setting
 * has a row of its own. A row is keyed (in AGENT0_VALUES) by its first setting.
 */
export const PRESET_ROW_GROUPS: readonly (readonly SettingPath[])[] = [
  ['questioner.epsLow', 'questioner.epsHigh'],
  ['questioner.temperature', 'questioner.topP'],
  ['proxy.temperature', 'proxy.topP'],
  ['proxy.gate', 'proxy.gateMinP'],
  ['reward.toolRewardPerCall', 'reward.toolRewardCap'],
  ['pool.temperature', 'pool.topP'],
  ['labelling.temperature', 'labelling.topP', 'labelling.topK'],
  ['curation.minScore', 'curation.maxScore'],
  ['executor.temperature', 'executor.topP'],
  ['executor.epsLow', 'executor.epsHigh'],
  ['executor.trustLow', 'executor.trustHigh'],
  ['executor.epsHighMin', 'executor.epsHighSpan'],
  ['executor.clipScoreHigh', 'executor.clipScoreSpan'],
];

const isSection = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every setting's dotted path, in the order of the configuration's sections and keys. */
export function settingPaths(config: Agent0Config): SettingPath[] {
  return Object.entries(config).flatMap(([key, value]) =>
    isSection(value) ? Object.keys(value).map((k) => `${key}.${k}`) : [key],
  ) as SettingPath[];
}

function settingValue(config: Agent0Config, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (isSection(at) ? at[key] : undefined), config);
}

/** A setting's value as the table writes it: names in code, small numbers as `1e-4`. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return code(value);
  if (typeof value === 'number' && value !== 0 && Math.abs(value) < 1e-3) return value.toExponential();
  return String(value);
}

/** The rows of the preset table: the settings of each row, in the configuration's order. */
export function presetRows(): SettingPath[][] {
  const paths = settingPaths(makeConfig('faithful'));
  for (const group of PRESET_ROW_GROUPS) {
    const missing = group.filter((p) => !paths.includes(p));
    if (missing.length > 0) throw new Error(`PRESET_ROW_GROUPS names no setting ${missing.join(', ')}`);
  }
  const grouped = new Set(PRESET_ROW_GROUPS.flatMap((g) => g.slice(1)));
  return paths.flatMap((path) => {
    if (grouped.has(path)) return [];
    return [[...(PRESET_ROW_GROUPS.find((g) => g[0] === path) ?? [path])]];
  });
}

/** `presets`: every setting of `makeConfig` in each preset, with Agent0's value (AGENT0_VALUES). */
export function presetsTable(): string {
  const configs = PRESET_NAMES.map((name) => makeConfig(name));
  const rows = presetRows();
  const keys = new Set<string>(rows.map((r) => r[0] as string));
  const stray = Object.keys(AGENT0_VALUES).filter((k) => !keys.has(k));
  if (stray.length > 0) throw new Error(`AGENT0_VALUES keys that begin no row of the table: ${stray.join(', ')}`);
  return markdownTable(
    ['setting', ...PRESET_NAMES.map(code), 'Agent0'],
    rows.map((row) => [
      row.map((p, i) => code(i === 0 ? p : (p.split('.').pop() as string))).join(' / '),
      ...configs.map((c) => row.map((p) => formatValue(settingValue(c, p))).join(' / ')),
      AGENT0_VALUES[row[0] as SettingPath] ?? '',
    ]),
  );
}

/** `link-parameters`: the address parameters of LINK_PARAMETERS (src/ui/lib/link-parameters.ts). */
export function linkParametersTable(): string {
  return markdownTable(
    ['parameter', 'values', 'what it does'],
    LINK_PARAMETERS.map((p) => {
      const parts: string[] = [typeof p.values === 'string' ? p.values : p.values.map(code).join(', ')];
      if ('default' in p) parts.push(`default ${code(p.default)}`);
      if ('repeatable' in p && p.repeatable) parts.push('repeatable');
      return [code(p.name), parts.join('; '), p.description];
    }),
  );
}

/** `metrics`: the per-iteration metrics of METRICS (src/engine/loop/metrics.ts) with their English names. */
export function metricsTable(): string {
  return markdownTable(
    ['key', 'name on the page', 'command-line column', 'scale', "the base model's line"],
    METRICS.map((m) => [
      code(m.key),
      METRICS_EN[m.key],
      code(m.column),
      m.share ? 'a share, 0–1' : 'from 0',
      'baseline' in m ? 'drawn' : '',
    ]),
  );
}

/** Every generated table, by the name its markers give it. */
export const TABLES: Record<string, () => string> = {
  presets: presetsTable,
  'link-parameters': linkParametersTable,
  metrics: metricsTable,
};
