/**
 * Generated regions of Markdown files: the lines between
 *
 *     <!-- generated: NAME (npm run docs:tables) -->
 *     <!-- end generated: NAME -->
 *
 * (each alone on its line) hold table NAME of render.ts, formatted as prettier formats it, with one
 * blank line either side. `updateDocs` rewrites them; `checkDocs` names each stale one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { TABLES } from './render';

export const startMarker = (name: string): string => `<!-- generated: ${name} (npm run docs:tables) -->`;
export const endMarker = (name: string): string => `<!-- end generated: ${name} -->`;

const START = /^<!-- generated: (\S+) \(npm run docs:tables\) -->$/;
const END = /^<!-- end generated: (\S+) -->$/;

/** Regions each file must hold (a file marked `optional` only when it exists). */
export const REQUIRED_REGIONS: readonly { file: string; name: string; optional?: boolean }[] = [
  { file: 'docs/algorithms.md', name: 'presets' },
  { file: 'docs/teaching.md', name: 'link-parameters' },
  { file: 'docs/teaching.md', name: 'metrics' },
];

export interface Region {
  name: string;
  /** Line indexes of the start and end markers. */
  start: number;
  end: number;
}

/** The regions of `text`, and problems of its markers (unknown name, unclosed, nested, stray end). */
export function findRegions(text: string): { regions: Region[]; problems: string[] } {
  const lines = text.split('\n');
  const regions: Region[] = [];
  const problems: string[] = [];
  let open: { name: string; start: number } | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const start = START.exec(line);
    const end = END.exec(line);
    if (start) {
      const name = start[1] as string;
      if (open) problems.push(`line ${i + 1}: region "${name}" starts inside region "${open.name}"`);
      else if (!Object.hasOwn(TABLES, name))
        problems.push(`line ${i + 1}: no table "${name}" (known: ${Object.keys(TABLES).join(', ')})`);
      open = { name, start: i };
    } else if (end) {
      if (!open || open.name !== end[1]) problems.push(`line ${i + 1}: end of region "${end[1]}" that is not open`);
      else regions.push({ ...open, end: i });
      open = null;
    } else if (line.startsWith('<!-- generated:') || line.startsWith('<!-- end generated:')) {
      problems.push(`line ${i + 1}: malformed marker (write ${startMarker('NAME')} … ${endMarker('NAME')})`);
    }
  });
  if (open !== null) {
    const { name, start } = open;
    problems.push(`line ${start + 1}: region "${name}" has no ${endMarker(name)}`);
  }
  return { regions, problems };
}

/** Table `name` formatted as prettier formats Markdown at `filepath`. */
export async function renderTable(name: string, filepath: string): Promise<string> {
  const render = TABLES[name];
  if (!render) throw new Error(`no table "${name}"`);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  const formatted = await prettier.format(render(), { ...options, filepath, parser: 'markdown' });
  return formatted.trimEnd();
}

/** `text` with every region holding its table; `stale`: the regions whose content changed. */
export async function updateText(
  text: string,
  filepath: string,
): Promise<{ text: string; stale: string[]; problems: string[] }> {
  const { regions, problems } = findRegions(text);
  if (problems.length > 0) return { text, stale: [], problems };
  const lines = text.split('\n');
  const stale: string[] = [];
  // From the last region up, so that earlier line indexes stay valid.
  for (const region of [...regions].reverse()) {
    const body = ['', ...(await renderTable(region.name, filepath)).split('\n'), ''];
    const current = lines.slice(region.start + 1, region.end);
    if (current.join('\n') !== body.join('\n')) {
      stale.unshift(region.name);
      lines.splice(region.start + 1, region.end - region.start - 1, ...body);
    }
  }
  return { text: lines.join('\n'), stale, problems };
}

/** The Markdown files that may hold regions: README.md and docs/*.md, as paths under `root`. */
export function docFiles(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => `docs/${f}`)
    : [];
  return ['README.md', ...docs].filter((f) => existsSync(join(root, f)));
}

export interface FileReport {
  /** Path relative to the root. */
  file: string;
  /** The file with its regions up to date (unchanged where its markers have problems). */
  text: string;
  /** The regions that are not up to date. */
  stale: string[];
  /** What a rewrite cannot mend: marker problems, a required region or file missing. */
  problems: string[];
}

/** The report of file `file` (relative to the root) holding `text`; `path` locates its prettier options. */
export async function reportText(file: string, text: string, path: string): Promise<FileReport> {
  const updated = await updateText(text, path);
  const have = new Set(findRegions(text).regions.map((r) => r.name));
  const missing = REQUIRED_REGIONS.filter((r) => r.file === file && !have.has(r.name)).map(
    (r) => `has no region "${r.name}" (add ${startMarker(r.name)} and ${endMarker(r.name)})`,
  );
  return { file, text: updated.text, stale: updated.stale, problems: [...updated.problems, ...missing] };
}

/**
 * Each file of `only` (paths relative to `root`; by default every file of `docFiles`, and then a
 * required file that is missing is reported too): its regions brought up to date, and what was wrong.
 */
export async function checkDocs(root: string, only?: readonly string[]): Promise<FileReport[]> {
  const files = only ?? docFiles(root);
  const reports: FileReport[] = [];
  for (const file of files) {
    const path = join(root, file);
    reports.push(await reportText(file, readFileSync(path, 'utf8'), path));
  }
  for (const r of REQUIRED_REGIONS) {
    if (!only && !r.optional && !files.includes(r.file))
      reports.push({ file: r.file, text: '', stale: [], problems: ['is missing'] });
  }
  return reports;
}
