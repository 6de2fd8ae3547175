/** `npm run docs:tables`: the docs' tables that restate code are generated from it, and kept so. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT0_VALUES } from '../../../src/core/agent0-values';
import { makeConfig, PRESET_NAMES } from '../../../src/core/config';
import { METRICS } from '../../../src/engine/loop/metrics';
import { LINK_PARAMETERS } from '../../../src/ui/lib/link-parameters';
import {
  checkDocs,
  endMarker,
  findRegions,
  renderTable,
  reportText,
  startMarker,
  updateText,
} from '../../../scripts/docs-tables/regions';
import { presetRows, settingPaths, TABLES } from '../../../scripts/docs-tables/render';

const root = process.cwd();
const ALGORITHMS = 'docs/algorithms.md';
const algorithmsPath = join(root, ALGORITHMS);
const algorithms = () => readFileSync(algorithmsPath, 'utf8');

describe('the generated regions of README.md and docs/*.md', () => {
  it('are all up to date, with their markers whole', async () => {
    const reports = await checkDocs(root);
    expect(reports.map((r) => r.file)).toContain(ALGORITHMS);
    const wrong = reports.flatMap((r) =>
      [...r.problems, ...r.stale.map((n) => `stale "${n}"`)].map((m) => `${r.file}: ${m}`),
    );
    expect(wrong).toEqual([]);
  });

  it('include the preset table of docs/algorithms.md §6.2 and, where the guide exists, its link parameters', () => {
    const names = (file: string) => findRegions(readFileSync(join(root, file), 'utf8')).regions.map((r) => r.name);
    const text = algorithms();
    expect(names(ALGORITHMS)).toContain('presets');
    // The region sits in §6.2, between its heading and §6.3's.
    const at = text.indexOf(startMarker('presets'));
    expect(at).toBeGreaterThan(text.indexOf('### 6.2 The three presets'));
    expect(at).toBeLessThan(text.indexOf('### 6.3'));
    if (existsSync(join(root, 'docs/teaching.md'))) expect(names('docs/teaching.md')).toContain('link-parameters');
  });

  it('report a region whose table was edited by hand as stale, and a rewrite mends it', async () => {
    const text = algorithms();
    // One cell: classroom's questioner.steps.
    const edited = text.replace(/^(\| `questioner\.steps` +\| 5 +\| )2( +\|)/m, '$13$2');
    expect(edited).not.toBe(text);
    const report = await reportText(ALGORITHMS, edited, algorithmsPath);
    expect(report.stale).toEqual(['presets']);
    expect(report.problems).toEqual([]);
    expect(report.text).toBe(text);
  });

  it('report docs/algorithms.md without its preset region', async () => {
    const lines = algorithms().split('\n');
    const { regions } = findRegions(lines.join('\n'));
    const region = regions.find((r) => r.name === 'presets');
    if (!region) throw new Error('no presets region');
    lines.splice(region.start, region.end - region.start + 1);
    const report = await reportText(ALGORITHMS, lines.join('\n'), algorithmsPath);
    expect(report.problems).toEqual([expect.stringContaining('has no region "presets"')]);
  });

  it('report markers that do not close, nest or name no table', () => {
    const start = startMarker('presets');
    expect(findRegions(`${start}\n| a |\n`).problems).toEqual([expect.stringContaining('has no')]);
    expect(findRegions(`${start}\n${start}\n${endMarker('presets')}\n`).problems).toEqual([
      expect.stringContaining('starts inside'),
    ]);
    expect(findRegions(`${startMarker('nope')}\n${endMarker('nope')}\n`).problems).toEqual([
      expect.stringContaining('no table "nope"'),
    ]);
    expect(findRegions(`${endMarker('presets')}\n`).problems).toEqual([expect.stringContaining('not open')]);
    expect(findRegions('<!-- generated: presets -->\n').problems).toEqual([expect.stringContaining('malformed')]);
    // A marker named inside a sentence is no marker.
    expect(findRegions(`Write \`${start}\` above the table.\n`)).toEqual({ regions: [], problems: [] });
  });

  it('fill an empty region with the table, a blank line either side', async () => {
    const text = `# T\n\n${startMarker('metrics')}\n${endMarker('metrics')}\n`;
    const { text: out, stale } = await updateText(text, join(root, 'docs/any.md'));
    expect(stale).toEqual(['metrics']);
    const table = await renderTable('metrics', join(root, 'docs/any.md'));
    expect(out).toBe(`# T\n\n${startMarker('metrics')}\n\n${table}\n\n${endMarker('metrics')}\n`);
    expect((await updateText(out, join(root, 'docs/any.md'))).stale).toEqual([]);
  });

  it('npm run docs:tables -- --check exits 0 on the repository', () => {
    const out = spawnSync('npx', ['tsx', 'scripts/docs-tables.ts', '--check'], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
  });
});

describe('the tables', () => {
  const cells = (table: string) =>
    table
      .split('\n')
      .slice(2)
      .map((l) =>
        l
          .slice(1, -1)
          .split(' | ')
          .map((c) => c.trim()),
      );

  it('presets: one row per setting of makeConfig, each preset its column, Agent0 from AGENT0_VALUES', () => {
    const rows = presetRows();
    expect(rows.flat()).toEqual(settingPaths(makeConfig('faithful')));
    const table = cells(TABLES.presets?.() ?? '');
    expect(table).toHaveLength(rows.length);
    const steps = table.find((r) => r[0] === '`questioner.steps`');
    expect(steps).toEqual([
      '`questioner.steps`',
      ...PRESET_NAMES.map((p) => String(makeConfig(p).questioner.steps)),
      AGENT0_VALUES['questioner.steps'],
    ]);
    const lr = table.find((r) => r[0] === '`questioner.learningRate`');
    expect(lr?.[2]).toBe(String(makeConfig('classroom').questioner.learningRate.toExponential()));
    expect(table.find((r) => r[0] === '`seed`')?.[4]).toBe('');
  });

  it('link-parameters: a row per parameter of LINK_PARAMETERS', () => {
    const table = cells(TABLES['link-parameters']?.() ?? '');
    expect(table.map((r) => r[0])).toEqual(LINK_PARAMETERS.map((p) => `\`${p.name}\``));
  });

  it('metrics: a row per metric of METRICS', () => {
    const table = cells(TABLES.metrics?.() ?? '');
    expect(table.map((r) => r[0])).toEqual(METRICS.map((m) => `\`${m.key}\``));
  });
});
