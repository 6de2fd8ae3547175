/** English words of the page (written for this product; the Korean file says the same). */
import { BACKEND_WHY_EN } from './backend-en';
import type { Strings } from './types';
import { PREFS_EN } from './prefs-en';
import { SAFETY_EN } from './safety-en';
import { CLASSROOM_EN } from './classroom-en';
import { LOADING_EN } from './loading-en';
import { bandExamples } from '../lib/band-scores';
import { num } from '../lib/format';
import { EXECUTOR_ALGORITHMS } from '../../core/executor-algorithms';
import { ARTICLE_EN } from './article-en';
import { NOTES_EN } from './notes-en';
import { MARKS_EN, TEX_EN } from './marks-en';
import { METRICS_EN } from './metrics-en';
import { REPAIR_CHAPTER_EN, REPAIR_RULES_EN, REPAIR_VIEWS_EN } from './repair-en';
import { REPAIR_NOTES_EN } from './repair-notes-en';
import { PROBLEMS_EN } from '../../core/problems-en';
import { COMPARE_EN } from './compare-en';
import { ABLATION_EN } from './ablation-en';
import { COEVOLUTION_EN } from './coevolution-en';
import { LEVELS_EN } from './levels-en';
import { CONTRAST_EN } from './contrast-en';
import { TEACHER_EN } from './teacher-en';
import { FIGURES_EN } from './figures-en';

export const EN: Strings = {
  tagline: 'Two tiny transformers teach each other by reinforcement learning, with no human-labelled data.',
  controls: {
    step: 'Step phase',
    iteration: 'Run iteration',
    run: 'Run',
    pause: 'Pause',
    reset: 'Reset',
    save: 'Save',
    load: 'Load',
    export: 'Export',
    saveFile: 'Save file',
    loadFile: 'Open file',
    saveFileHint: 'Download this run (both models, optimizer states, trace) as an .a0run file',
    loadFileHint: 'Continue a run saved as an .a0run file with the same settings',
    exportUnipo: 'Export for UNIPO',
    exportUnipoHint: 'Download every update of this run in UNIPO’s run-log format (JSON), to open in UNIPO',
    iterations: 'iterations',
    shortcuts:
      'Keys: s = step one phase, i = one iteration, space = pause (or go on after a held phase); Tab reaches the charts, ← → move between their marks.',
  },
  status: {
    loading: 'Loading the models and the Python sandbox…',
    ready: 'Ready',
    running: 'Running',
    ended: 'The recording has ended.',
    saved: 'Saved in this browser',
    savedFile: 'Downloaded the run as a file',
    refused: 'Not loaded, the run on screen is unchanged:',
    loaded: 'Loaded the saved run',
    exported: 'Downloaded the curated questions (Parquet) and the Agent0 arguments',
    exportedUnipo: 'Downloaded the run for UNIPO',
    noRun: 'This view fills in when its phase has run. Press “Step phase”.',
  },
  crash: {
    stopped: 'The training engine stopped unexpectedly (the reason is in the status line).',
    resume: (iteration: number) => `Resume from the checkpoint kept after iteration ${iteration}`,
    noCheckpoint: 'No checkpoint yet: one is kept after each finished iteration.',
    restart: 'Start the run again',
    gpuLost: (why: string) => `The GPU stopped working (${why}).`,
    movedResumed: (backend: string, iteration: number) =>
      `The run moved to ${backend} and resumed from the checkpoint kept after iteration ${iteration}.`,
    movedRestarted: (backend: string) =>
      `The run moved to ${backend} and started again: no iteration had finished, so there was no checkpoint to resume from.`,
    checkpointFailed:
      'The automatic checkpoint after this iteration could not be stored in this browser; the run goes on.',
  },
  backend: {
    label: 'Backend',
    noWebgpu: 'This browser offers no WebGPU, so training runs on a slower backend.',
    startFailed:
      'The training engine could not start in this browser, so nothing can be trained live here. The recorded run works in every browser.',
    threads: (n: number) => (n === 1 ? '1 thread' : `${n} threads`),
    skipped: {
      'no-webgpu': () => 'this browser offers no WebGPU here (or the page is not a secure context)',
      'no-adapter': () => 'the browser found no GPU adapter for WebGPU',
      'fallback-adapter': (adapter) =>
        `the only adapter is a fallback adapter${adapter ? ` (${adapter})` : ''} that emulates the GPU on the CPU`,
    },
    replayOffer: 'Replay the recorded classroom run instead (instant)',
    liveOffer: 'Train live in this tab',
    recorded: 'Recorded run, computed earlier by the same engine.',
    fallback: 'skipped',
  },
  backendWhy: BACKEND_WHY_EN,
  update: {
    ready: 'Agent0 Lab has been updated.',
    reload: 'Reload to use the new version',
  },
  settings: {
    title: 'Settings (kept in the address, so the link shares this exact setup)',
    preset: 'Preset',
    seed: 'Seed',
    overrides: 'Overrides, one per line: section.key=value',
    backend: 'Backend',
    auto: 'automatic',
    apply: 'Apply and restart',
    language: '한국어',
    mode: 'Mode',
    live: 'live',
    replay: 'recorded',
  },
  phases: {
    'questioner-rollouts': 'Questioner writes',
    'contract-parsing': 'Parse contract',
    'solver-proxy': 'Solver proxy tries',
    'curriculum-reward': 'Curriculum reward',
    'questioner-update': 'GRPO update',
    'question-pool': 'Question pool',
    'self-labelling': 'Self-labelling',
    curation: 'Curation band',
    'executor-update': 'ADPO update',
    evaluation: 'Evaluation',
  },
  chapters: {
    loop: {
      title: 'The loop',
      body: [
        'Both roles begin as copies of one small model. The *questioner* invents arithmetic problems; the *executor* solves them, and may write Python that a sandbox runs for it. Like Agent0, this is a training loop, not an assistant: what it produces is new weights for both roles, not a conversation.',
        'Nobody supplies answers. The questioner is paid for problems the executor finds hard but not hopeless; the executor learns from answers it agreed with itself on. Each lap of the ten phases below is one iteration.',
      ],
    },
    contracts: {
      title: 'Roles and contracts',
      body: (c) => [
        `Everything is plain text, so each role has a format it must keep. The questioner wraps its problem in question tags and then boxes its own answer. A rollout without both *breaks the contract*: its uncertainty term becomes U = −1, so its reward is R = −1 − ${num(c.reward.repetitionWeight)} × (its cluster’s share) + (its tool term).`,
        'The solver may open a python fence; the sandbox runs the code and pastes the printed result back as an output block. Those pasted tokens were not written by the model, so they are masked out of the loss.',
        'A contract like this has two uses. In an agent that acts, the format is read to dispatch its next tool call; here a pattern reads it to turn text into a reward, so neither a person nor a learned reward model grades anything.',
      ],
    },
    reward: {
      title: 'Designing the reward',
      body: (c) => [
        `The executor answers each question ${c.proxy.candidates} times with its tool (up to ${c.proxy.maxTurns} tool turns). The share of answers that agree with the majority is *p*. A question everyone answers the same way is too easy; one nobody agrees on is noise. ` +
          (c.reward.uncertaintyScale === 'min'
            ? 'The uncertainty U = min(p, 1 − p) is largest, ½, at p = ½.'
            : 'This run uses the paper’s scale U = 1 − 2|p − ½|, which reaches 1 at p = ½, twice the released min(p, 1 − p).'),
        `Near-duplicate questions are penalised: questions are clustered by BLEU distance (clusters merge while their average distance is below ${num(c.reward.clusterThreshold)}), and each pays ${num(c.reward.repetitionWeight)} × its cluster’s share of the batch. Move the threshold to see the clusters form. Tool use adds ${num(c.reward.toolRewardPerCall)} per call, for at most ${c.reward.toolRewardCap} calls.`,
      ],
    },
    labelling: {
      title: 'Self-labelling',
      body: (c) => [
        `The trained questioner writes a pool of ${c.pool.questions} questions, and the executor before its update answers each one ${c.labelling.samples} times (T = ${num(c.labelling.temperature)}, top-p ${num(c.labelling.topP)}, top-k ${c.labelling.topK}). The largest bucket of equal answers becomes the *pseudo-label*, and its share becomes the score *s*.`,
        `Only questions with ${num(c.curation.minScore)} ≤ s ≤ ${num(c.curation.maxScore)} are kept: high enough that the label is probably right, low enough that there is still something to learn. The simulator also knows the true answers, which the real Agent0 never sees, so it can show how often the pseudo-label is right.`,
      ],
    },
    grpo: {
      title: 'GRPO: advantages and clipping',
      body: [
        'Rollouts from the same prompt form a group. Each reward is compared with its group: subtract the mean, divide by the standard deviation. No value network is trained: the group is the baseline. A group whose rewards are all equal teaches nothing.',
        'The update multiplies each token’s advantage by the ratio ρ of new to old probability, clips ρ to a band so that one batch cannot move the policy too far, and adds a KL penalty towards the model the iteration started from.',
      ],
    },
    adpo: {
      title: 'ADPO: trusting ambiguous labels less',
      body: (c) => {
        const o = c.executor;
        const ex = bandExamples(c.labelling.samples, c.curation.minScore, c.curation.maxScore);
        const first = ex
          ? `A pseudo-label with s = ${ex.low}/${ex.n} is far less certain than one with s = ${ex.high}/${ex.n}, though curation keeps both. `
          : '';
        const a = EXECUTOR_ALGORITHMS[o.algorithm];
        // Another algorithm runs (e.g. `executor.algorithm=grpo`): the chapter says what this run does, and what ADPO would add.
        if (!a.scalesAdvantageByConsistency)
          return [
            `${first}This run’s executor is updated by ${a.name} («executor.algorithm = ${a.id}»), not ADPO: every group’s advantages are used as they are, whatever the label’s s, and every sequence is clipped to the same band [${num(1 - o.epsLow)}, ${num(1 + o.epsHigh)}].`,
            `ADPO, which the paper proposes, would scale the advantages by g(s) (${num(o.minScale)} for s ≤ ${num(o.trustLow)} up to 1 for s ≥ ${num(o.trustHigh)}) and widen the upper clip to ε_high(s) for ambiguous questions; set «executor.algorithm = adpo» to see it.`,
            'The executor’s own reward is binary: r = +1 when its last boxed answer matches the pseudo-label, −1 when it does not or when it boxed nothing.',
          ];
        return [
          `${first}ADPO scales each group’s advantages by g(s), from ${num(o.minScale)} (s ≤ ${num(o.trustLow)}) up to 1 (s ≥ ${num(o.trustHigh)}), so shaky labels push less.`,
          `It also widens the upper clip for the same questions, ε_high(s) from ${num(o.epsHighMin)} up to ${num(o.epsHighMin + o.epsHighSpan)}, so that rare right answers to hard questions can still be reinforced.`,
          'The executor’s own reward is binary: r = +1 when its last boxed answer matches the pseudo-label, −1 when it does not or when it boxed nothing.',
        ];
      },
    },
    curves: {
      title: 'Curves over iterations',
      body: [
        'Each point is one iteration; the dashed line is the base model before any training. Accuracy is measured against the true answers of held-out problems.',
      ],
    },
    repair: REPAIR_CHAPTER_EN,
  },
  views: {
    rollouts: 'Questioner rollouts and their parse',
    valid: 'valid',
    violated: 'violated',
    transcripts: 'Solver-proxy transcripts (first candidate of each question)',
    candidates: 'candidates’ boxed answers',
    uncertainty: 'p of each question on the uncertainty curve',
    matrix: 'BLEU distance matrix, grouped by cluster',
    threshold: 'Cluster threshold',
    clusters: 'clusters',
    rewardParts: 'Reward of each rollout, in parts',
    pool: 'Question pool written by the trained questioner (with its own boxed answers)',
    votes: 'Nine votes per question (same colour = same bucket)',
    histogram: 'Scores s of the pool, with the curation band',
    pseudo: 'Pseudo-label against the true answer',
    kept: 'kept',
    dropped: 'dropped',
    groups: 'Groups: rewards, mean ± std and advantages',
    noSignal: 'no signal',
    ratios: 'Per-token ratio ρ against the clip band',
    clipFractions: 'Clip fractions per mini-batch update',
    tokens: 'Token strip: colour = advantage, hatched = masked',
    adpoCurves: 'g(s) and ε_high(s), with this batch’s questions',
    executorGrpo: 'The executor’s GRPO update in this run: its advantage and its clip band',
    compare: 'The same batch: GRPO advantages vs ADPO advantages',
    curves: 'Metrics per iteration',
    questioner: 'questioner',
    executor: 'executor',
    update: 'update',
    question: 'question',
    truth: 'true answer',
    rollout: 'rollout',
    ...REPAIR_VIEWS_EN,
  },
  repairRules: REPAIR_RULES_EN,
  repairNotes: REPAIR_NOTES_EN,
  notes: NOTES_EN,
  marks: MARKS_EN,
  metrics: METRICS_EN,
  article: ARTICLE_EN,
  tex: TEX_EN,
  problem: (p) =>
    `${p.field} "${p.value}" is not ${p.field === 'seed' ? 'a whole number' : `one of ${p.allowed}`}; the default is used`,
  errors: PROBLEMS_EN,
  compare: COMPARE_EN,
  coevolution: COEVOLUTION_EN,
  levels: LEVELS_EN,
  contrast: CONTRAST_EN,
  teacher: TEACHER_EN,
  ablation: ABLATION_EN,
  figures: FIGURES_EN,
  safety: SAFETY_EN,
  classroom: CLASSROOM_EN,
  prefs: PREFS_EN,
  loading: LOADING_EN,
};
