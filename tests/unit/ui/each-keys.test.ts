/**
 * Keyed `{#each}` blocks throw `each_key_duplicate` (and stop the page) when two items share a key.
 * A key may be the item's index, or a value from a list the page itself defines (axis ticks, the
 * phases, the preset names, fixed table rows…); never a value read from a run file, a recording or
 * the address (rollout ids, group ids, token sequences, variant names, settings). This lists every
 * keyed block whose key is not its index, so a new one has to be looked at and added here on purpose.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `file | list | key` of every keyed block allowed a key other than its index, and why it is unique. */
const ALLOWED = new Set([
  // d3 ticks: distinct numbers by construction.
  ...[
    'views/AdvantageCompare.svelte | y.ticks(4) | tk',
    'views/Curves.svelte | p.y.ticks(3) | tk',
    'views/Curves.svelte | x.ticks(Math.min(5, last)) | tk',
    'views/ScoreHistogram.svelte | y.ticks(4) | tk',
    'views/ClipFractions.svelte | y.ticks(4) | tk',
    'views/RatioPlot.svelte | y.ticks(5) | tk',
    'views/GroupAdvantages.svelte | ry.ticks(3) | tk',
    'views/GroupAdvantages.svelte | ay.ticks(5) | tk',
    'views/repair/RepairMasked.svelte | my.ticks(4) | tk',
    'views/repair/RepairMasked.svelte | ty.ticks(4) | tk',
    'views/repair/RepairCurves.svelte | p.y.ticks(4) | tk',
    'views/repair/RepairCurves.svelte | x.ticks(Math.min(5, last)) | tk',
    'views/repair/RepairAdvantages.svelte | y.ticks(5) | tk',
    'views/compare/ComparePanel.svelte | y.ticks(3) | tk',
    'views/compare/ComparePanel.svelte | x.ticks(Math.min(6, last)) | tk',
    'views/AdpoCurves.svelte | x.ticks(5) | tk',
    'views/UncertaintyPlot.svelte | x.ticks(5) | tk',
    'views/UncertaintyPlot.svelte | y.ticks(5) | tk',
    'views/RewardStack.svelte | y.ticks(5) | tk',
  ],
  // Lists the code defines (names, phases, metrics, fixed rows and parts).
  ...[
    'SettingsPanel.svelte | PRESET_NAMES | p',
    'SettingsPanel.svelte | BACKENDS | b',
    'views/Curves.svelte | panels | p.m.key',
    'views/ScoreHistogram.svelte | bins | b.k',
    'views/ClipFractions.svelte | KINDS | key',
    'views/LoopDiagram.svelte | PHASES | phase',
    'PhaseStrip.svelte | PHASES | phase',
    'Controls.svelte | PACES | p',
    'chapters/Chapters.svelte | ids | id',
    'views/article/SolverPrompts.svelte | rows | r.key',
    'views/article/SamplingTable.svelte | rows | r.key',
    'views/article/PromptTerms.svelte | rows | r.key',
    'views/article/GrpoScript.svelte | rows | r.key',
    'views/article/AgentLayout.svelte | a.layoutRows | r.folder',
    'views/repair/RepairMasked.svelte | col.parts | p.key',
    'views/repair/RepairMasked.svelte | TERMINATIONS | k',
    'views/repair/RepairWeights.svelte | rows | r.k',
    'views/repair/RepairWeights.svelte | legend | w',
    'views/repair/RepairCurves.svelte | panels | p.key',
    'views/repair/RepairRules.svelte | rows | r.rule',
    "views/repair/RepairAdvantages.svelte | [['all-in', p.allIn], ['masked-out', p.maskedOut]] | kind",
    'views/article/AnswerMatching.svelte | rows | `${r.x}|${r.y}`',
    'views/compare/CompareView.svelte | METRICS | m.key',
    'views/CoevolutionMap.svelte | Array.from({ length: pools }, (_, j) => j) | j',
    'views/compare/CompareAdd.svelte | shipped | s.key',
    'views/RewardStack.svelte | s.segs | g.part',
    'views/AdpoCurves.svelte | row | item.key',
    // Indices of the distance matrix, in cluster order (a permutation of 0…n−1).
    'views/ClusterMatrix.svelte | order | i',
    'views/ClusterMatrix.svelte | order | j',
    // Deduplicated (a Set), and ids the compare view gives each run once (it replaces a run of the same id).
    'views/compare/ComparePanel.svelte | bases | b',
    'views/compare/ComparePanel.svelte | series | s.d.run.id',
    'views/compare/CompareLegend.svelte | runs | d.run.id',
    // Paths of settings, one per key of a parsed object.
    'views/compare/CompareLegend.svelte | diff | row.path',
    // Ids of ONE_CHANGE_RUNS (src/ui/lib/compare-pair.ts), one entry per run, and 'released' once.
    'chapters/CompareStory.svelte | told.items | item.id',
    'chapters/CompareStory.svelte | attribution.refused | r.id',
    'chapters/CompareStory.svelte | attribution.mismatched | m.id',
  ],
]);

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? svelteFiles(join(dir, e.name)) : e.name.endsWith('.svelte') ? [join(dir, e.name)] : [],
  );
}

/** Every keyed `{#each list as item, index (key)}` of the page: `file | list | key`, unless keyed by its index. */
function dataKeyedBlocks(): string[] {
  const found: string[] = [];
  for (const file of svelteFiles('src/ui')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\{#each (.*?) as (.*?)(?:, (\w+))? \(([^()]*(?:\([^()]*\))?[^()]*)\)\}/g)) {
      const [, list, , index, key] = m;
      if (index !== undefined && key === index) continue;
      found.push(`${relative('src/ui', file)} | ${list} | ${key}`);
    }
  }
  return found;
}

describe('keyed lists cannot throw on duplicated keys from files', () => {
  it('finds the keyed blocks (the pattern matches the page’s code)', () => {
    expect(dataKeyedBlocks().length).toBeGreaterThan(20);
  });

  it('every block keyed by something other than its index is on the reviewed list', () => {
    expect(dataKeyedBlocks().filter((b) => !ALLOWED.has(b))).toEqual([]);
  });
});
