/** LINK_PARAMETERS names every address parameter the page reads, and only those. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINK_PARAMETERS } from '../../../../src/ui/lib/link-parameters';
import { readSettings, writeSettings } from '../../../../src/ui/lib/settings';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** Names given to get/getAll/has/set/append in each file of src/ui that handles URLSearchParams. */
function namesInCode(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sources('src/ui')) {
    const text = readFileSync(file, 'utf8');
    if (!/URLSearchParams|searchParams/.test(text)) continue;
    for (const m of text.matchAll(/\.(?:get|getAll|has|set|append)\(\s*'([^']+)'/g)) names.set(m[1] as string, file);
  }
  return names;
}

describe('LINK_PARAMETERS', () => {
  const table = LINK_PARAMETERS.map((p) => p.name as string);

  it('has a row for every parameter the page reads or writes', () => {
    const code = namesInCode();
    expect(code.size).toBeGreaterThan(5);
    const missing = [...code].filter(([name]) => !table.includes(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it('has no row the page does not read, and no row twice', () => {
    const code = namesInCode();
    expect(table.filter((n) => !code.has(n))).toEqual([]);
    expect(new Set(table).size).toBe(table.length);
  });

  it('lists literal values the page accepts', () => {
    for (const p of LINK_PARAMETERS) {
      if (typeof p.values === 'string' || p.name === 'mode') continue;
      for (const value of p.values) {
        const { problems } = readSettings(`?${p.name}=${encodeURIComponent(value)}`);
        expect({ name: p.name, value, problems }).toEqual({ name: p.name, value, problems: [] });
      }
    }
    expect(readSettings('?mode=replay').settings.mode).toBe('replay');
    expect(writeSettings(readSettings('?lesson=3&embed=votes').settings)).toContain('lesson=3');
  });
});
