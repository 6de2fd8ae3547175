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
    'figures/advantage-compare/AdvantageCompare.svelte | y.ticks(4) | tk',
    'primitives/PanelAxes.svelte | y.ticks(yTicks) | tk',
    'primitives/PanelAxes.svelte | x.ticks(xTicks) | tk',
    'figures/ablation-table/AblationTable.svelte | x.ticks(AXIS_TICKS) | tk',
    'figures/score-histogram/ScoreHistogram.svelte | y.ticks(4) | tk',
    'figures/clip-fractions/ClipFractions.svelte | y.ticks(4) | tk',
    'figures/ratio-plot/RatioPlot.svelte | y.ticks(5) | tk',
    'figures/group-advantages/GroupAdvantages.svelte | ry.ticks(3) | tk',
    'figures/group-advantages/GroupAdvantages.svelte | ay.ticks(5) | tk',
    'repair/RepairMasked.svelte | my.ticks(4) | tk',
    'repair/RepairMasked.svelte | ty.ticks(4) | tk',
    'repair/RepairCurves.svelte | p.y.ticks(4) | tk',
    'repair/RepairCurves.svelte | x.ticks(Math.min(5, last)) | tk',
    'repair/RepairAdvantages.svelte | y.ticks(5) | tk',
    'figures/adpo-curves/AdpoCurves.svelte | x.ticks(5) | tk',
    'figures/uncertainty-plot/UncertaintyPlot.svelte | x.ticks(5) | tk',
    'figures/uncertainty-plot/UncertaintyPlot.svelte | y.ticks(5) | tk',
    'figures/reward-stack/RewardStack.svelte | y.ticks(5) | tk',
  ],
  // Lists the code defines (names, phases, metrics, fixed rows and parts).
  ...[
    'shell/SettingsPanel.svelte | PRESET_NAMES | p',
    'shell/SettingsPanel.svelte | BACKENDS | b',
    "shell/PreferencesDialog.svelte | [['en', 'English'], ['ko', '한국어']] | lang",
    'shell/PreferencesDialog.svelte | TEXT_SIZES | size',
    'shell/PreferencesDialog.svelte | PACES | id',
    'shell/PreferencesDialog.svelte | PRESET_NAMES | name',
    'figures/curves/Curves.svelte | panels | p.m.key',
    'figures/curves/LevelMaps.svelte | grids | g.kind',
    'figures/score-histogram/ScoreHistogram.svelte | bins | b.k',
    'figures/clip-fractions/ClipFractions.svelte | KINDS | key',
    'figures/loop-diagram/LoopDiagram.svelte | PHASES | phase',
    'shell/PhaseStrip.svelte | PHASES | phase',
    'shell/Controls.svelte | PACES | p',
    'chapters/Chapters.svelte | ids | id',
    'figures/article/SolverPrompts.svelte | rows | r.key',
    'figures/article/SamplingTable.svelte | rows | r.key',
    'figures/article/PromptTerms.svelte | rows | r.key',
    'figures/article/GrpoScript.svelte | rows | r.key',
    'figures/article/AgentLayout.svelte | a.layoutRows | r.folder',
    'repair/RepairMasked.svelte | col.parts | p.key',
    'repair/RepairMasked.svelte | TERMINATIONS | k',
    'repair/RepairWeights.svelte | rows | r.k',
    'repair/RepairWeights.svelte | legend | w',
    'repair/RepairCurves.svelte | panels | p.key',
    'repair/RepairRules.svelte | rows | r.rule',
    "repair/RepairAdvantages.svelte | [['all-in', p.allIn], ['masked-out', p.maskedOut]] | kind",
    'figures/article/AnswerMatching.svelte | rows | `${r.x}|${r.y}`',
    'figures/compare/CompareView.svelte | METRICS | m.key',
    'figures/coevolution-map/CoevolutionMap.svelte | Array.from({ length: pools }, (_, j) => j) | j',
    'figures/compare/CompareAdd.svelte | shipped | s.key',
    'figures/reward-stack/RewardStack.svelte | s.segs | g.part',
    'figures/adpo-curves/AdpoCurves.svelte | row | item.key',
    // Indices of the distance matrix, in cluster order (a permutation of 0…n−1).
    'figures/cluster-matrix/ClusterMatrix.svelte | order | i',
    'figures/cluster-matrix/ClusterMatrix.svelte | order | j',
    // Deduplicated (a Set), and ids the compare view gives each run once (it replaces a run of the same id).
    'figures/compare/ComparePanel.svelte | bases | b',
    'figures/compare/ComparePanel.svelte | series | s.d.run.id',
    'figures/compare/CompareLegend.svelte | runs | d.run.id',
    // Paths of settings, one per key of a parsed object.
    'figures/compare/CompareLegend.svelte | diff | row.path',
    // Ids of ONE_CHANGE_RUNS (src/engine/studies/compare-pair.ts), one entry per run, and 'released' once.
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
