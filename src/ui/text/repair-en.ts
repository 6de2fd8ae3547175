/** English words of the signal-reshaping chapter: its text, its views' words and the process judge's rules. */
import { NOISE_STANDARD_ERRORS } from '../../core/stats';
import { signed } from '../lib/format';
import type { FullComparison, RepairClaim } from '../../repair/claims';
import { list } from './list-en';
import type { Chapter, RepairNoteTexts, RepairRuleTexts, RepairViewTexts } from './types';

export const REPAIR_VIEWS_EN: RepairViewTexts = {
  repairTask: 'The task: the broken snippet and its ground-truth repair',
  repairGroup: 'One group: trajectories, the judge’s tier and the reward',
  repairAdvantages: 'Advantages with and without the masked samples in the group statistics',
  repairWeights: 'Process weights painted over each trajectory’s tokens',
  repairMasked: 'Masked training rollouts by cause, and how episodes ended',
  repairCurves: 'Ablation curves: held-out evaluation (iteration 0 = base model) and masked share in training',
  repairTable: 'Final numbers per variant (from the recorded run)',
  repairRules: 'The process judge’s rules (first match wins)',
  repairLoading: 'Loading the recorded ablation run…',
  repairError: 'The recorded ablation run could not be shown:',
  repairRecorded: 'Recorded run',
  repairVariant: 'Variant',
  repairIteration: 'Iteration',
  repairPrev: 'Previous',
  repairNext: 'Next',
  repairDefect: 'defect',
  repairSyntax: 'syntax (does not compile)',
  repairSemantic: 'semantic (compiles, wrong result)',
  repairDefectLine: 'defect line',
  repairFixed: 'ground-truth repair of that line',
  repairSample: 'sample',
  repairTermination: 'ended by',
  repairTier: 'judge tier',
  repairReward: 'R',
  repairRaised: 'not repaired: running the snippet raises',
  repairInStats: 'in the group statistics',
  repairOutOfStats: 'left out of the group statistics',
  repairLossMasked: 'loss masked',
  repairLastStepOnly: 'only the last step trained',
  repairNormal: 'normal',
  repairEnvironment: 'environment failure',
  repairDegenerate: 'policy degeneration',
  repairObservation: 'observation',
  repairNoObservation: '(none)',
  repairAllIn: 'A, every sample in the statistics',
  repairMaskedOut: 'A, environment failures left out',
  repairUsed: 'used by the update',
  repairAdvNote:
    'By default an environment failure stays in its group’s mean and std with R = 0 (only its loss is masked), so the update uses the first bar; with the setting that drops such samples from the statistics it uses the second.',
  repairScoredNote:
    'Only trajectories whose final snippet compiles get process scores; the others keep weight 1 on every step. Grey tokens are the environment’s observations and are never trained; hatched, struck-through steps are masked by governance. Hover over or focus a step to see its rule.',
  repairNotScored: 'not scored (does not compile): w = 1',
  repairStep: 'step',
  repairRule: 'rule',
  repairScore: 's_k',
  repairWeight: 'w_k',
  repairAction: 'action',
  repairAnyAction: 'any',
  repairCompile: 'compile rate',
  repairStrict: 'strict accuracy',
  repairSteps: 'mean steps',
  repairMaskedShare: 'masked share (train)',
  repairLastFive: 'strict, mean of last 5',
  repairSeedsMean: 'mean over the seeds',
  repairSeedsLastFive: 'strict, mean of last 5, mean over the seeds',
  repairVersusFull: 'against full (difference of the means)',
  repairAboveFull: 'above on every seed',
  repairBelowFull: 'below on every seed',
  repairWithinFull: 'no measurable change',
  repairBase: 'base model',
  repairTerminations: 'How training episodes ended (share per iteration)',
  repairReading: 'Tiny model, toy snippets: compare the variants’ directions, not the sizes of the numbers.',
  repairGroupSize: 'rollouts per group',
  repairTasks: 'tasks per iteration',
  repairMinutes: 'minutes',
  repairRewardMode: 'reward',
  repairWeightMode: 'weights',
  repairGovernance: 'governance',
  repairOn: 'on',
  repairOff: 'off',
  repairPickStep: 'Hover over or focus a step to see its rule, score and weight.',
  repairLive: 'Train it live in this tab',
  repairLiveRun: 'Run live',
  repairLiveStop: 'Stop',
  repairLiveIterations: 'iterations',
  repairLiveNote:
    'The selected variant trains here, from the same pre-trained agent, with its own Python sandbox. Each finished iteration joins the views as the variant «live · …».',
  repairLiveBackend: 'computing on',
  repairLiveFallback: 'not available here:',
  repairLiveFailed: 'The live run stopped with an error:',
  repairLivePrefix: 'live',
};

export const REPAIR_RULES_EN: RepairRuleTexts = {
  malformed: 'the action line cannot be parsed',
  noOpEdit: 'an edit that changes nothing',
  fixingEdit: 'an edit that makes the snippet compile',
  groundTruthEdit: 'writes the ground-truth line on the defect line',
  breakingEdit: 'an edit that breaks compilation',
  defectLineEdit: 'another edit of the defect line',
  otherEdit: 'any other edit',
  redundantCheck: 'a check with nothing changed since the last check or run',
  supersededCheck: 'a check right before a run of the same snippet (the run compiles it anyway)',
  check: 'a check after a change (verification)',
  redundantRun: 'a run with nothing changed since the last run',
  runCompiling: 'a run of a compiling snippet (verification)',
  runBroken: 'a run of a snippet that does not compile',
  verifiedSubmit: 'submit right after checking or running the current snippet',
  unverifiedSubmit: 'submit without verifying',
};

/** The recorded run's settings, said beside its views. */
export const REPAIR_NOTES_EN: RepairNoteTexts = {
  recording: (c) =>
    `In this run every check or run fails in the environment with probability ${c.failureRate} (half crashes, half time-outs), drawn from seed ${c.seed}, so each variant meets the same failures. The held-out curves sample ${c.evalTasks} fixed snippets ` +
    (c.evalTemperature === 0
      ? 'greedily'
      : `at T = ${c.evalTemperature}${c.evalTemperature === c.temperature ? ', the training temperature' : ''}`) +
    `, without injected failures. The mean-preserving weighting raises every score below ${c.weightFloor} to ${c.weightFloor} before it divides.`,
  claims: (claims, n, seeds, regime) => {
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const said: Record<RepairClaim['outcome'], string> = {
      holds: 'the paper’s order holds',
      reversed: 'the order is reversed',
      'cannot-tell': one ? 'this run cannot tell them apart' : 'these seeds cannot tell them apart',
    };
    const name = (variant: string) => (variant === 'base' ? 'the model before training' : variant);
    const side = (variant: string, s: RepairClaim['higherSeeds']) =>
      `${name(variant)} ${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const claim = (c: RepairClaim) =>
      c.rule === 'standard-error'
        ? `${name(c.higher)} ${v(c.gap.intended)} against ${name(c.lower)} ${v(c.gap.changed)} (difference ${signed(c.gap.cost, 3)}, ${NOISE_STANDARD_ERRORS} standard errors ${v(NOISE_STANDARD_ERRORS * c.gap.standardError)}): ${said[c.outcome]}`
        : `${side(c.higher, c.higherSeeds)} against ${side(c.lower, c.lowerSeeds)}: ${said[c.outcome]}`;
    const rule = one
      ? `What this recording can say: one seed, final strict accuracy on ${n} held-out episodes, and a difference counts only when it is at least ${NOISE_STANDARD_ERRORS} standard errors. `
      : `What this recording can say: seeds ${list(seeds.map(String))}, final strict accuracy on ${n} held-out episodes each (the mean over the seeds, and their range), and an order counts only when every seed of one side lies above every seed of the other. `;
    return (
      rule +
      claims.map(claim).join('; ') +
      `. Before training the model already compiles ${v(regime.compile)} of the snippets and repairs ${v(regime.strict)} of them fully, their own run included (the paper’s zero-shot model: 0.385 strict)` +
      (regime.strictNoSignal === null
        ? '.'
        : `; in binary-strict’s first iteration ${regime.strictNoSignal.groups} of its ${regime.strictNoSignal.of} groups gave no signal (every rollout scored the same), so ` +
          (2 * regime.strictNoSignal.groups > regime.strictNoSignal.of
            ? 'full repairs are rare at the start here: the regime the paper’s layered reward is meant for.'
            : 'full repairs are not rare at the start here: the binary strict reward already ranks the rollouts of most groups, and the regime the paper’s layered reward is meant for, rare full repairs, is not this lab’s.'))
    );
  },
  versusFull: (comparisons, seeds, regime) => {
    const first = comparisons[0];
    if (!first) return '';
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const side = (s: FullComparison['full']) =>
      `${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const where: Record<FullComparison['outcome'], string> = one
      ? {
          above: `above full by ${NOISE_STANDARD_ERRORS} standard errors or more`,
          below: `below full by ${NOISE_STANDARD_ERRORS} standard errors or more`,
          within: 'no measurable change',
        }
      : { above: 'above full on every seed', below: 'below full on every seed', within: 'no measurable change' };
    const named = (o: FullComparison['outcome']) => comparisons.filter((c) => c.outcome === o).map((c) => c.variant);
    const [above, below, level] = [named('above'), named('below'), named('within')];
    const by = one ? `by ${NOISE_STANDARD_ERRORS} standard errors or more` : 'on every seed';
    const paper = 'full is best (0.535 strict from the zero-shot model’s 0.385; the layered reward alone 0.48)';
    const verdict =
      above.length > 0
        ? `${list(above)} ${above.length === 1 ? 'beats' : 'beat'} full ${by}: the opposite of the paper, where ${paper}.`
        : level.length === 0
          ? `Every variant lies below full ${by}, as in the paper, where ${paper}.`
          : `No variant lies above full ${by}, but ${list(level)} cannot be told from it (${below.length === 0 ? 'none lies' : `only ${list(below)} ${below.length === 1 ? 'lies' : 'lie'}`} below it ${by}), while in the paper ${paper}.`;
    const why =
      above.length + level.length === 0
        ? ''
        : ` Two differences of this simulator can explain why full is not ahead here: ${regime.compilingShare.kinds} of its ${regime.compilingShare.of} defect kinds compile as given, so the layered reward’s middle tier pays 0.5 for submitting such a snippet unchanged, while the paper’s compile-fix tasks all start broken and its middle tier always marks progress; and its episodes are short (${regime.steps.toFixed(2)} steps before training, the paper’s 23.50), which leaves the process weights few steps to move the signal between.`;
    return (
      `Every variant against full, final strict accuracy (full ${side(first.full)}): ` +
      comparisons
        .map((c) => `${c.variant} ${side(c.seeds)}, ${signed(c.difference, 3)}: ${where[c.outcome]}`)
        .join('; ') +
      '. ' +
      verdict +
      why
    );
  },
  seedsCaption: (seeds) => `Final strict accuracy per seed (seeds ${list(seeds.map(String))}, the same settings)`,
  seedHead: (seed) => `seed ${seed}`,
};

/** The signal-reshaping chapter's text. */
export const REPAIR_CHAPTER_EN: Chapter = {
  title: 'Signal reshaping',
  body: [
    'A new task: an agent gets a short Python snippet with one defect and repairs it with tool calls (check, edit a line, run, submit). Paying it 1 whenever the final snippet *compiles* is weak feedback: a snippet that compiles but computes the wrong thing scores as well as a real repair, so the policy can learn to make errors disappear instead of fixing them. Two more faults spoil the comparison inside a group: one number for a long episode cannot tell useful steps from idle ones, and episodes ended by the environment or by a degenerate policy fall into the same zero-reward bucket as honest failed repairs.',
    'Li et al. (‹Signal Reshaping for GRPO in Weak-Feedback Agentic Code Repair›, arXiv 2605.07276, 2026) leave GRPO’s group-normalised advantage as it is and reshape what feeds it. First, a *layered reward*: R = 0 if the snippet does not compile, 0.5 if it compiles but behaves differently from the ground-truth repair, 1 if it compiles and behaves the same. The middle tier keeps the ranking alive while fully right repairs are rare. The paper’s judge is a strong LLM («Kimi-K2.5») that compares the patch with the ground truth; here the judge runs the repaired snippet as a program, its own assert included, and a run that raises is not a repair; then it compares the snippet’s function with the ground truth’s on hidden inputs.',
    'Second, *process scores as token-loss weights*: a judge scores every tool call, s_k from 0 to 1 (an edit that fixes the error scores high, a redundant re-check low); here a fixed list of rules plays that judge (the table below). The scores never enter R, the group mean, the std or A; they only multiply the loss of that step’s tokens. The lab tries three weightings: raw s_k; mean-preserving, s_k divided by the trajectory’s token-weighted mean (with a floor); and sign-aware, s_k when A > 0 and 1 − s_k when A < 0.',
    'Third, *failure-cause governance*: an episode ended by the environment (sandbox crash, time-out, context overflow) is masked out of the loss but still counts in its group’s mean and std; a degenerate one (a repetition loop, too many tool calls) is masked on every step but the last, which stays in as a penalty. The paper also keeps GPU inference, sandbox I/O and compilation apart so that contention cannot bias sampling; here the Python sandbox runs in its own worker, apart from the model.',
    'On compile-fix tasks built from minimal repairs in internal CI logs, with «Qwen3-Coder-30B», the paper reports strict accuracy (compiles and matches) of 0.385 for the zero-shot model and 0.535 with the full method; the layered reward alone reaches 0.48, and 0.53 once process weights are added; mean evaluation steps fall from 23.50 to 17.02. With the binary compile reward the compile rate first jumps, then sinks, and semantic accuracy does not improve. Token-level privileged distillation did worse than the GRPO baseline («π-Distill» learned to submit too early, «OPSD» lost entropy and tool skill): over long trajectories, aligning every token dilutes the few that matter.',
    'Below is a recorded ablation of this lab: each variant trained from the same checkpoint on the same tasks and seed. The model has about 165k parameters and the snippets are toys, so read the curves for *direction*, not magnitude. Choose a variant and step through its iterations; each iteration shows one group of rollouts on one task.',
  ],
};
