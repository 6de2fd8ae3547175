/**
 * The manifest of shipped artefacts: every file under public/models and public/runs, what it is, and
 * the commands that make it (`npm run record NAME` runs them: scripts/record/index.ts). For a recording
 * it also keeps the settings it was recorded with (preset, seed, iterations, overrides), from which
 * both its commands and tests/unit/scripts/record/manifest.test.ts's check are derived: the file's stored
 * settings must equal `makeConfig(preset, overrides)` today, so a preset edit without regenerating
 * fails. For the base model it keeps the chain of `npm run pretrain` runs that made it; the last
 * link's options must match the checkpoint's metadata.
 */
import { flattenSettings } from '../../src/engine/files/config-diff';
import type { ConfigOverride, PresetName } from '../../src/core/config';
import { ABLATION_VARIANTS } from '../../src/engine/studies/ablation-variants';
import { ONE_CHANGE_RUNS, PAIR_FILES } from '../../src/engine/studies/compare-pair';

/** Where intermediate files go (git-ignored): checkpoints between pretrain links, other repair seeds. */
export const SCRATCH = 'runs/record';

/** One command: an argv array spawned from the repository root; `stdout` sends its output to that file. */
export interface Step {
  argv: readonly string[];
  stdout?: string;
}

interface Common {
  /** What `npm run record NAME` takes. */
  name: string;
  /** The file, from the repository root. */
  path: string;
  /** One line: what it is. */
  what: string;
  /** Names of the artefacts its commands read (regenerated first by `--all`). */
  needs: readonly string[];
  /** The commands that regenerate it, in order. */
  steps: readonly Step[];
}

/** A recorded run (`agent0-lab-run`): its stored `config` must be `makeConfig(preset, { ...overrides, seed })`. */
export interface RunRecordingEntry extends Common {
  kind: 'run';
  preset: PresetName;
  seed: number;
  iterations: number;
  overrides: ConfigOverride;
  /** Whether the recording carries its Table 5 (`npm run coevolution -- --out`). */
  table5: boolean;
}

/** The Table 3/9 ablation (`agent0-lab-ablation`): every ABLATION_VARIANTS entry on each seed. */
export interface AblationEntry extends Common {
  kind: 'ablation';
  preset: PresetName;
  seeds: readonly number[];
  iterations: number;
}

/** The repair ablation (`agent0-lab-repair-run`): DEFAULT_REPAIR_CONFIG with the seed and iterations. */
export interface RepairRecordingEntry extends Common {
  kind: 'repair-run';
  seed: number;
  iterations: number;
  /** `--ablation`'s value. */
  variants: string;
  /** Seeds of the same settings added by `npm run record:repair-seeds`. */
  otherSeeds: readonly number[];
}

/** One `npm run pretrain` run of the chain that made a checkpoint. */
export interface PretrainLink {
  /** The commit whose code ran it, when it was not this tree's (those links are history, not rerun). */
  commit: string | null;
  /** The options after `--`, as given (the checkpoint's metadata records them). */
  args: readonly string[];
  note: string;
}

/** A checkpoint made by `npm run pretrain` (`recipe`, last link = the run that wrote the file). */
export interface BaseModelEntry extends Common {
  kind: 'base-model';
  recipe: readonly PretrainLink[];
}

/** A checkpoint made by one `npm run pretrain:repair` run with `args`. */
export interface RepairModelEntry extends Common {
  kind: 'repair-model';
  args: readonly string[];
}

export type Artefact = RunRecordingEntry | AblationEntry | RepairRecordingEntry | BaseModelEntry | RepairModelEntry;

const npm = (script: string, args: readonly string[]): Step => ({ argv: ['npm', 'run', script, '--', ...args] });
/** `--set section.key=value` items of an override. */
const setItems = (o: ConfigOverride): string[] => flattenSettings(o).map(([p, v]) => `${p}=${String(v)}`);

// ---------------------------------------------------------------------------------------------------
// The base model: made by six `npm run pretrain` runs, each from the one before (docs/algorithms.md
// §1.7). All but the last ran on older code (the vocabulary and the task family have changed since),
// so a regeneration starts from the fifth one's file as committed at 70ce93b and reruns the last.

const BASE_START_COMMIT = '70ce93b';
const BASE_RECIPE: readonly PretrainLink[] = [
  { commit: 'b4c1869', args: [], note: 'from fresh weights (seed 20251, 2500 steps), vocabulary of 215 tokens' },
  {
    commit: '58c6075',
    args: ['--seed', '20252', '--steps', '600', '--lr', '0.001', '--from', '/tmp/pt/base-v1.a0lm'],
    note: 'vocabulary grown to 219 tokens; shipped until e0f64b9 (also at 39a9f73)',
  },
  {
    commit: 'e0f64b9',
    args: ['--steps', '2100', '--lr', '0.001', '--tool-use', '0.5,0.5,0.5,0.5,0.5,0.95,0.95'],
    note: 'B1 and B2 (600 then 1500 steps): tool solvers that call the tool on step problems, questioner documents checked with it',
  },
  {
    commit: BASE_START_COMMIT,
    args: ['--steps', '600', '--lr', '0.001', '--tool-use', '0.3,0.4,0.5,0.6,0.7,0.95,0.95'],
    note: 'F: calls its tool more on harder questions; shipped until the ladder family',
  },
  {
    commit: null,
    args: [
      '--from',
      'public/models/base.a0lm',
      '--steps',
      '600',
      '--lr',
      '0.001',
      '--tool-use',
      '0,1,1,1,0.3,0.2,0.1',
      '--kind-weights',
      '0.3,0.35,0.5',
      '--questioner-tool-use',
      '1',
      '--difficulty-weights',
      '3,2,2,2,1.5,1,0.5',
      '--questioner-difficulty-weights',
      '6,4,2.5,1.5,0.15,0.08,0.05',
      '--out',
      'public/models/base.a0lm',
    ],
    note: 'the shipped base (L5): on the ladder family it calls its tool always on levels 2–4 and seldom above, and writes mostly levels 1–2',
  },
];

// ---------------------------------------------------------------------------------------------------
// The compare view's runs: `npm run record:compare -- --only ID` with the settings below (the
// one-change runs' settings are ONE_CHANGE_RUNS's, the registry record:compare reads).

const COMPARE = { preset: 'classroom', seed: 1, iterations: 8 } as const;
const compareCommon = [
  '--preset',
  COMPARE.preset,
  '--seed',
  String(COMPARE.seed),
  '--iterations',
  String(COMPARE.iterations),
];
const RELEASED_OVERRIDES: ConfigOverride = { release: { mode: 'as-released' } };

function compareEntry(id: string, file: string, overrides: ConfigOverride, what: string): RunRecordingEntry {
  const released = id === 'released' ? setItems(overrides).flatMap((s) => ['--released-set', s]) : [];
  return {
    kind: 'run',
    name: file.replace(/\.json$/, ''),
    path: `public/runs/${file}`,
    what,
    needs: ['base'],
    ...COMPARE,
    overrides,
    table5: false,
    steps: [npm('record:compare', ['--only', id, ...compareCommon, ...released])],
  };
}

const CLASSROOM = { preset: 'classroom', seed: 1, iterations: 8, overrides: {} } as const;
const ABLATION = { preset: 'classroom', seeds: [1, 2, 3], iterations: 8 } as const;
const REPAIR = { seed: 1, iterations: 20, variants: 'all', otherSeeds: [2, 3, 4] } as const;
const repairArgs = (seed: number, out: string) => [
  '--ablation',
  REPAIR.variants,
  '--iterations',
  String(REPAIR.iterations),
  '--seed',
  String(seed),
  '--out',
  out,
];
const repairSeedFile = (seed: number) => `${SCRATCH}/repair-ablation-seed${seed}.json`;
const REPAIR_MODEL_ARGS = ['--seed', '31337', '--steps', '2000', '--lr', '0.003', '--out', 'public/models/repair.a0lm'];

/** Every shipped artefact, in an order that regenerates each after what it needs. */
export const MANIFEST: readonly Artefact[] = [
  {
    kind: 'base-model',
    name: 'base',
    path: 'public/models/base.a0lm',
    what: 'the base checkpoint both roles start from (questioner and executor)',
    needs: [],
    recipe: BASE_RECIPE,
    steps: [
      {
        argv: ['git', 'show', `${BASE_START_COMMIT}:public/models/base.a0lm`],
        stdout: 'public/models/base.a0lm',
      },
      ...BASE_RECIPE.filter((l) => l.commit === null).map((l) => npm('pretrain', l.args)),
    ],
  },
  {
    kind: 'repair-model',
    name: 'repair',
    path: 'public/models/repair.a0lm',
    what: "the repair lab's pre-trained agent",
    needs: [],
    args: REPAIR_MODEL_ARGS,
    steps: [npm('pretrain:repair', REPAIR_MODEL_ARGS)],
  },
  {
    kind: 'run',
    name: 'classroom-seed1',
    path: 'public/runs/classroom-seed1.json',
    what: "the classroom replay (defaults, seed 1, 8 iterations) with its Table 5 on the run's pools",
    needs: ['base'],
    ...CLASSROOM,
    table5: true,
    steps: [
      npm('coevolution', [
        '--preset',
        CLASSROOM.preset,
        '--iterations',
        String(CLASSROOM.iterations),
        '--seed',
        String(CLASSROOM.seed),
        ...setItems(CLASSROOM.overrides).flatMap((s) => ['--set', s]),
        '--out',
        'public/runs/classroom-seed1.json',
      ]),
    ],
  },
  compareEntry('intended', PAIR_FILES.intended, {}, 'the compare view\'s "as intended" run (the defaults)'),
  compareEntry('released', PAIR_FILES.released, RELEASED_OVERRIDES, 'the compare view\'s "as released" run'),
  ...ONE_CHANGE_RUNS.map((r) =>
    compareEntry(
      r.id,
      r.file,
      r.set,
      `the compare view's one-change run "${r.id}" ("as intended" with one released behaviour)`,
    ),
  ),
  {
    kind: 'ablation',
    name: 'coevolution-ablation',
    path: 'public/runs/coevolution-ablation.json',
    what: `Agent0's Tables 3 and 9 on the simulator (${ABLATION_VARIANTS.length} variants × seeds ${ABLATION.seeds.join(', ')})`,
    needs: ['base'],
    ...ABLATION,
    steps: [
      npm('record:ablation', [
        '--seeds',
        ABLATION.seeds.join(','),
        '--iterations',
        String(ABLATION.iterations),
        '--preset',
        ABLATION.preset,
        '--out',
        'public/runs/coevolution-ablation.json',
      ]),
    ],
  },
  {
    kind: 'repair-run',
    name: 'repair-ablation',
    path: 'public/runs/repair-ablation.json',
    what: "the repair lab's signal-reshaping ablation (seed 1 whole, seeds 2–4 as held-out numbers)",
    needs: ['repair'],
    ...REPAIR,
    steps: [
      npm('simulate:repair', repairArgs(REPAIR.seed, 'public/runs/repair-ablation.json')),
      ...REPAIR.otherSeeds.map((s) => npm('simulate:repair', repairArgs(s, repairSeedFile(s)))),
      npm('record:repair-seeds', [
        '--into',
        'public/runs/repair-ablation.json',
        ...REPAIR.otherSeeds.map(repairSeedFile),
      ]),
    ],
  },
];

/** A step as one shell line (for listing and --dry-run). */
export function stepLine(step: Step): string {
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return step.argv.map(quote).join(' ') + (step.stdout ? ` > ${quote(step.stdout)}` : '');
}

/** The artefacts named (all when none), each after what it needs that is also named, in MANIFEST's order. */
export function inOrder(names: readonly string[]): Artefact[] {
  const unknown = names.filter((n) => !MANIFEST.some((a) => a.name === n));
  if (unknown.length > 0)
    throw new Error(`no artefact named ${unknown.join(', ')} (known: ${MANIFEST.map((a) => a.name).join(', ')}).`);
  const chosen = names.length === 0 ? MANIFEST : MANIFEST.filter((a) => names.includes(a.name));
  const done = new Set<string>();
  const out: Artefact[] = [];
  const visit = (a: Artefact, path: readonly string[]) => {
    if (done.has(a.name)) return;
    if (path.includes(a.name)) throw new Error(`the manifest's needs form a cycle: ${[...path, a.name].join(' → ')}.`);
    for (const n of a.needs) {
      const dep = chosen.find((c) => c.name === n);
      if (dep) visit(dep, [...path, a.name]);
    }
    done.add(a.name);
    out.push(a);
  };
  for (const a of chosen) visit(a, []);
  return out;
}
