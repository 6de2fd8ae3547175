/**
 * The English sentence of every problem (problems.ts): the wording of `Error.message`, of the
 * command line (`scripts/simulate.ts --set …`) and of the English page. Values arrive as their
 * JSON text and print as they are.
 */
import type { SettingRule } from './config-rules';
import type {
  AblationField,
  CheckpointValuesPart,
  CoevolutionUnavailable,
  FileFormat,
  MissingAnswer,
  RecordingKind,
  ReportWords,
  RepairField,
  RunHeaderField,
} from './problems';
import type { WorkBudgetName } from './work-budget';

/** "[0, 1]" or, with an exclusive minimum, "(0, 1]". */
export function describeRange(rule: { min: number; max: number; minExclusive?: boolean }): string {
  return `${rule.minExclusive ? '(' : '['}${rule.min}, ${rule.max}]`;
}

/** What `rule` allows, as the predicate of "must be …". */
function mustBe(rule: SettingRule): string {
  switch (rule.kind) {
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${rule.values.join(', ')}`;
    case 'int':
      return `an integer in ${describeRange(rule)}`;
    case 'number':
      return `a number in ${describeRange(rule)}`;
    case 'nullableNumber':
      return `null or a number in ${describeRange(rule)}`;
  }
}

/** How the server answered for a missing file. */
const answered = (status: MissingAnswer): string =>
  status === 'web-page' ? 'the server sent a web page in its place' : `HTTP ${status}`;

const REPAIR_FIELDS: Record<RepairField, string> = {
  metrics: 'expected evaluation metrics',
  number: 'expected a number',
  terminations: 'expected shares by termination',
  sample: 'expected a sample',
  tokens: 'expected tokens and stepOfToken of equal length',
  steps: 'expected a list of steps',
  step: 'expected rule, score and weight',
  'step-index': 'expected −1 or a step index',
  tier: 'expected the judge tier',
  raised: 'expected the exception class of a snippet that raised, never on a tier-1 sample',
  signal: 'expected reward and advantages',
  'variant-run': 'expected a variant run',
  variant: 'expected a named variant',
  iterations: 'expected at least one iteration',
  iteration: 'expected an iteration number',
  masked: 'expected masked shares by cause',
  task: 'expected the task',
  samples: 'expected the samples',
  config: 'expected the lab settings',
  runs: 'expected at least one variant run',
  seeds: 'expected a list of other seeds (empty when the file holds one seed)',
  seed: 'expected a seed not already in the file and its minutes',
  'seed-variants': 'expected the variants of runs, by name and in order, each with its held-out numbers',
};

const ABLATION_FIELDS: Record<AblationField, string> = {
  iterations: 'expected a positive number of iterations',
  seeds: 'expected a list of distinct integer seeds',
  questions: 'expected the number of held-out questions',
  variants: 'expected the seven variants of Tables 3 and 9',
  variant: 'expected the variant of this place with its settings, as this build defines it',
  runs: 'expected one run per seed',
  run: 'expected the seed of this place and a baseline accuracy in [0, 1]',
  summaries: 'expected one summary per iteration',
  summary: 'expected the iteration number and a held-out accuracy in [0, 1]',
};

const HEADER_FIELDS: Record<RunHeaderField, string> = {
  header: 'expected an object',
  position: 'expected a position between iterations (questioner-rollouts, steps 0)',
  rng: 'expected four 32-bit words, not all zero',
  'optimizer-steps': 'expected two optimizer step counts, non-negative integers',
  baseline: 'expected null or an evaluation result',
  summaries: 'expected a list of iteration summaries',
  summary: 'expected an iteration summary',
  trace: 'expected a list of phase records',
  record: 'expected a phase record of a known phase',
  coevolution: 'expected a list of Table 5 rows, one per frozen executor',
  'coevolution-solver':
    'expected the iteration the executor was frozen after: an integer from 0 to the run’s last iteration, greater than the row before',
  'coevolution-cells': 'expected one cell per iteration’s question pool',
  'coevolution-cell': 'expected a pass rate in [0, 1] and tool calls per rollout ≥ 0, or null in both',
};

const FILE_KIND: Record<FileFormat, { name: string; files: string }> = {
  'agent0-lab-run': { name: 'an Agent0 Lab run', files: 'run files' },
  'agent0-lab-repair-run': { name: 'a recorded repair ablation', files: 'repair run files' },
  'agent0-lab-ablation': { name: 'a recorded Table 3 ablation', files: 'ablation files' },
};

const WORK: Record<WorkBudgetName, string> = {
  'questioner-rollouts': 'questioner rollouts per step',
  'proxy-answers': 'proxy answers per questioner step',
  'executor-rollouts': 'executor rollouts per step',
  'labelling-samples': 'labelling samples per iteration',
  'iteration-sequences': 'sequences generated per iteration',
};

const RECORDING: Record<RecordingKind, string> = {
  run: 'recorded run',
  ablation: 'recorded ablation',
  'tables-3-9': 'recorded ablation of Tables 3 and 9',
};
const COEVOLUTION_UNAVAILABLE: Record<CoevolutionUnavailable, string> = {
  'no-iteration': 'Table 5 needs at least one finished iteration.',
  'executors-missing':
    'Table 5 needs the executors this run had after iterations 0, 1, 3 and its last, and a run loaded from a save or a checkpoint does not carry them (a save keeps only its latest executor): its table cannot be computed here.',
};
const refused = (why: string) => `Run checkpoint refused: ${why}.`;
const VALUES_PART: Record<CheckpointValuesPart, string> = {
  weights: 'weights',
  'first-moments': 'AdamW first moments (m)',
  'second-moments': 'AdamW second moments (v)',
};

export const PROBLEMS_EN: ReportWords = {
  heading: { settings: 'Invalid settings:', changes: 'Invalid changes:' },
  problem: {
    'not-an-object': (p) => `${p.path || 'settings'}: expected an object of settings (got ${p.got}).`,
    'unknown-setting': (p) => `${p.path}: unknown setting.`,
    'no-rule': (p) => `${p.path}: no rule for this setting.`,
    'out-of-range': (p) => `${p.path}: must be ${mustBe(p.rule)} (got ${p.got}).`,
    order: (p) => `${p.low} (${p.lowValue}) must ${p.strict ? 'be below' : 'not exceed'} ${p.high} (${p.highValue}).`,
    'unknown-preset': (p) => `preset: must be one of ${p.allowed.join(', ')} (got ${p.got}).`,
    'release-conflict': (p) =>
      `${p.path}: release.mode=as-released runs ${p.released} (got ${p.got}); ` +
      `leave ${p.path} out, or use release.mode=as-intended to set it freely.`,
    'check-without-tool': () =>
      'proxy.uncheckedAnswer=violation asks every curriculum sample to run a program, but questioner.maxTurns=0 lets it run none; ' +
      'set questioner.maxTurns to 1 or more, or proxy.uncheckedAnswer=scored.',
    'override-syntax': (p) => `Override "${p.item}" must look like section.key=value (e.g. executor.algorithm=grpo).`,
    'work-budget': (p) =>
      `${p.formula} = ${p.got} ${WORK[p.budget]}, more than a browser tab can run (at most ${p.limit}).`,
    'fork-empty': () => 'Write at least one change, e.g. executor.klCoef=0.05.',
    'fork-unknown-section': (p) => `${p.section}: unknown section of settings.`,
    'fork-unchanged': (p) => `${p.path}: already ${p.value} in this run, so nothing would change.`,
    'fork-mid-iteration': () => 'A run can be forked between iterations only.',
    'fork-url-syntax': (p) =>
      `fork "${p.entry}" must look like ITERATION:section.key=value (e.g. 1:executor.klCoef=0.05); it is skipped`,
    'fork-url-too-far': (p) =>
      `fork "${p.entry}" asks for more iterations than a link may run (at most ${p.limit}); it is skipped`,
    'file-unreadable': () => 'it is neither a recording (JSON) nor a saved run (.a0run).',
    'wrong-format': (p) => `This file is not ${FILE_KIND[p.format].name} (format "${p.format}").`,
    'wrong-version': (p) =>
      `Agent0 Lab reads ${FILE_KIND[p.format].files} of version 1 (this one is version ${p.got}).`,
    'no-trace': () => 'The run file has no trace or no summaries.',
    'repair-malformed': (p) => `The repair run file is malformed at ${p.path}: ${REPAIR_FIELDS[p.expected]}.`,
    'ablation-malformed': (p) => `The ablation file is malformed at ${p.path}: ${ABLATION_FIELDS[p.expected]}.`,
    'recording-missing': (p) =>
      `The ${RECORDING[p.what]} ${p.url} is missing (${answered(p.status)}). Create it with ${p.command} --out public${p.url}.`,
    'recording-not-json': (p) => `The ${RECORDING[p.what]} ${p.url} is not valid JSON.`,
    'served-missing': (p) => `${p.url} is missing (${answered(p.status)}).`,
    'checkpoint-too-short': (p) => refused(`the file is too short (${p.bytes} bytes)`),
    'checkpoint-magic': (p) => refused(`it is not an Agent0 Lab run file (magic ${JSON.stringify(p.magic)})`),
    'checkpoint-version': (p) => refused(`format version ${p.got} is not supported (expected ${p.expected})`),
    'checkpoint-damaged': () => refused('the checksum does not match (the file is damaged)'),
    'checkpoint-header-length': () => refused('the header length runs past the end of the file'),
    'checkpoint-header-json': () => refused('the header is not valid JSON'),
    'checkpoint-sections': () => refused('the header does not list four sections'),
    'checkpoint-section-bytes': (p) => refused(`the sections hold ${p.held} bytes, the file ${p.file}`),
    'checkpoint-optimizer-bytes': (p) => refused(`an optimizer section has ${p.got} bytes, expected ${p.expected}`),
    'checkpoint-settings': () =>
      refused('it was made with other settings than this engine’s (build the engine with the checkpoint’s settings)'),
    'checkpoint-header': (p) => `The run file is malformed at ${p.field}: ${HEADER_FIELDS[p.expected]}.`,
    'checkpoint-too-large': (p) =>
      `The run file is refused: its ${p.field} is ${p.count}, more than the ${p.limit} a run file may hold.`,
    'checkpoint-model': (p) => refused(`its ${p.role}'s model does not fit this build's model (${p.detail})`),
    'checkpoint-values': (p) => {
      const what = `${VALUES_PART[p.what]} hold ${p.value} (${p.param}[${p.index}]), where every value must be ${p.what === 'second-moments' ? 'a finite number of at least 0' : 'a finite number'}`;
      return p.role === null ? `Model file refused: its ${what}.` : refused(`its ${p.role}'s ${what}`);
    },
    'trace-damaged': (p) =>
      `This run's trace is damaged: its contract-parsing record of iteration ${p.iteration} has no rollouts before it.`,
    'save-mid-iteration': (p) =>
      `A run can be saved between iterations; iteration ${p.iteration} is at phase ${p.phase}. Run the iteration to its end first.`,
    'coevolution-unavailable': (p) => COEVOLUTION_UNAVAILABLE[p.cause],
    'no-saved-run': (p) => `No saved run in slot "${p.slot}".`,
    'model-missing': (p) => `The ${p.model} model could not be loaded (HTTP ${p.status}).`,
    'engine-not-ready': () => 'The engine is not initialised yet.',
    'engine-silent': (p) => `the training engine stopped answering (no reply within ${p.seconds} s)`,
    'engine-failed': () => 'the training engine failed',
    'sandbox-failed': (p) => `The Python sandbox could not start, so the solver's programs cannot run (${p.reason}).`,
    'repair-busy': () => 'A live repair run is already going.',
    'repair-worker-failed': () => 'The repair worker failed to start.',
    unexpected: (p) => p.message,
  },
};
