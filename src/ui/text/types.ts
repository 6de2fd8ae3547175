/** The shape of the page's words in one language (English and Korean files fill it). */
import type { ReportWords } from '../../core/problems';
import type { RepairConfig } from '../../core/repair/config';
import type { ProcessRule } from '../../core/repair/process';
import type { PhaseName } from '../../engine/loop/trace';
import type { FullComparison, RepairClaim, RepairRegime } from '../../repair/claims';
import type {
  ArticleTexts,
  ChapterBody,
  MarkTexts,
  MetricWords,
  NoteTexts,
  SettingProblem,
  TexWords,
} from './page-types';
import type { BackendWhyStrings } from './backend-types';
import type { CompareTexts } from './compare-types';
import type { AblationTexts } from './ablation-types';
import type { CoevolutionTexts } from './coevolution-types';
import type { LevelTexts } from './levels-types';
import type { ContrastTexts } from './contrast-types';
import type { TeacherTexts } from './teacher-types';
import type { FigureTexts } from './figures-types';

import type { ChapterId } from '../lib/phase-figures';

export type ViewKey =
  | 'rollouts'
  | 'valid'
  | 'violated'
  | 'transcripts'
  | 'candidates'
  | 'uncertainty'
  | 'matrix'
  | 'threshold'
  | 'clusters'
  | 'rewardParts'
  | 'pool'
  | 'votes'
  | 'histogram'
  | 'pseudo'
  | 'kept'
  | 'dropped'
  | 'groups'
  | 'noSignal'
  | 'ratios'
  | 'clipFractions'
  | 'tokens'
  | 'adpoCurves'
  | 'executorGrpo'
  | 'compare'
  | 'curves'
  | 'questioner'
  | 'executor'
  | 'update'
  | 'question'
  | 'truth'
  | 'rollout'
  | 'repairTask'
  | 'repairGroup'
  | 'repairAdvantages'
  | 'repairWeights'
  | 'repairMasked'
  | 'repairCurves'
  | 'repairTable'
  | 'repairRules'
  | 'repairLoading'
  | 'repairError'
  | 'repairRecorded'
  | 'repairVariant'
  | 'repairIteration'
  | 'repairPrev'
  | 'repairNext'
  | 'repairDefect'
  | 'repairSyntax'
  | 'repairSemantic'
  | 'repairDefectLine'
  | 'repairFixed'
  | 'repairSample'
  | 'repairTermination'
  | 'repairTier'
  | 'repairReward'
  | 'repairRaised'
  | 'repairInStats'
  | 'repairOutOfStats'
  | 'repairLossMasked'
  | 'repairLastStepOnly'
  | 'repairNormal'
  | 'repairEnvironment'
  | 'repairDegenerate'
  | 'repairObservation'
  | 'repairNoObservation'
  | 'repairAllIn'
  | 'repairMaskedOut'
  | 'repairUsed'
  | 'repairAdvNote'
  | 'repairScoredNote'
  | 'repairNotScored'
  | 'repairStep'
  | 'repairRule'
  | 'repairScore'
  | 'repairWeight'
  | 'repairAction'
  | 'repairAnyAction'
  | 'repairCompile'
  | 'repairStrict'
  | 'repairSteps'
  | 'repairMaskedShare'
  | 'repairLastFive'
  | 'repairSeedsMean'
  | 'repairSeedsLastFive'
  | 'repairVersusFull'
  | 'repairAboveFull'
  | 'repairBelowFull'
  | 'repairWithinFull'
  | 'repairBase'
  | 'repairTerminations'
  | 'repairReading'
  | 'repairGroupSize'
  | 'repairTasks'
  | 'repairMinutes'
  | 'repairRewardMode'
  | 'repairWeightMode'
  | 'repairGovernance'
  | 'repairOn'
  | 'repairOff'
  | 'repairPickStep'
  | 'repairLive'
  | 'repairLiveRun'
  | 'repairLiveStop'
  | 'repairLiveIterations'
  | 'repairLiveNote'
  | 'repairLiveFailed'
  | 'repairLivePrefix';

/** The views' words of the signal-reshaping chapter (every view key starting with `repair`). */
export type RepairViewTexts = Record<Extract<ViewKey, `repair${string}`>, string>;

/** What each rule of the repair lab's process judge rewards (src/core/repair/process.ts). */
export type RepairRuleTexts = Record<ProcessRule, string>;

/** Sentences of the signal-reshaping chapter that name the recorded run's settings. */
export interface RepairNoteTexts {
  /** Injected failures, held-out evaluation and weight floor of the run on screen. */
  recording: (c: RepairConfig) => string;
  /**
   * The paper's orderings checked on the recording (src/repair/claims.ts), its n evaluation
   * episodes per seed, its seeds, and what the model scored before training.
   */
  claims: (claims: RepairClaim[], n: number, seeds: number[], regime: RepairRegime) => string;
  /**
   * Every recorded variant against full (src/repair/claims.ts comparisonsWithFull), beside the
   * paper's result, and why the simulator may differ where a variant beats full.
   */
  versusFull: (comparisons: FullComparison[], seeds: number[], regime: RepairRegime) => string;
  /** Caption of the table of final strict accuracy per seed. */
  seedsCaption: (seeds: number[]) => string;
  /** Head of one seed's column. */
  seedHead: (seed: number) => string;
}

export interface Chapter {
  title: string;
  /** Short paragraphs (or a function of the run's settings that writes them); `*word*` is set in italics. */
  body: ChapterBody;
}

export interface Strings {
  tagline: string;
  controls: Record<
    | 'step'
    | 'iteration'
    | 'run'
    | 'pause'
    | 'reset'
    | 'save'
    | 'load'
    | 'export'
    | 'saveFile'
    | 'loadFile'
    | 'saveFileHint'
    | 'exportUnipo'
    | 'exportUnipoHint'
    | 'loadFileHint'
    | 'iterations'
    | 'shortcuts',
    string
  >;
  status: Record<
    | 'loading'
    | 'ready'
    | 'running'
    | 'ended'
    | 'saved'
    | 'savedFile'
    | 'refused'
    | 'loaded'
    | 'exported'
    | 'exportedUnipo'
    | 'noRun',
    string
  >;
  crash: Record<'stopped' | 'noCheckpoint' | 'restart' | 'checkpointFailed', string> & {
    resume: (iteration: number) => string;
    gpuLost: (why: string) => string;
    movedResumed: (backend: string, iteration: number) => string;
    movedRestarted: (backend: string) => string;
  };
  backend: Record<
    'label' | 'noWebgpu' | 'startFailed' | 'replayOffer' | 'liveOffer' | 'recorded' | 'fallback',
    string
  > & {
    threads: (n: number) => string;
    /** Why a backend was skipped, for the reasons the page knows (src/ui/lib/backend-label.ts). */
    skipped: Record<import('../lib/backend-label').SkipReason, (adapter: string) => string>;
  };
  /** Why the page runs on its backend (the badge's details and the header). */
  backendWhy: BackendWhyStrings;
  /** A new deployment of the page has been downloaded (service worker) and waits for a reload. */
  update: Record<'ready' | 'reload', string>;
  settings: Record<
    'title' | 'preset' | 'seed' | 'overrides' | 'backend' | 'auto' | 'apply' | 'language' | 'mode' | 'live' | 'replay',
    string
  >;
  phases: Record<PhaseName, string>;
  chapters: Record<ChapterId, Chapter>;
  views: Record<ViewKey, string>;
  /** What each rule of the repair lab's process judge rewards (src/core/repair/process.ts). */
  repairRules: RepairRuleTexts;
  repairNotes: RepairNoteTexts;
  notes: NoteTexts;
  marks: MarkTexts;
  /** The per-iteration metrics' names (src/engine/loop/metrics.ts), on the Curves and in the compare view. */
  metrics: MetricWords;
  article: ArticleTexts;
  tex: TexWords;
  /** A value in the address the page could not read (it keeps the default). */
  problem: (p: SettingProblem) => string;
  /** Settings, forks, files and the engine refused or failing (src/core/problems.ts), worded. */
  errors: ReportWords;
  /** Runs side by side, forking, and the narrated "as released" comparison. */
  compare: CompareTexts;
  /** Agent0's Table 5 as a heat map beside the paper's numbers. */
  coevolution: CoevolutionTexts;
  /** The Curves' level maps. */
  levels: LevelTexts;
  /** The co-evolution figures: the pools' level mix, the full run against the frozen questioner. */
  contrast: ContrastTexts;
  /** The teacher page (`?teacher=1`). */
  teacher: TeacherTexts;
  /** Agent0's Tables 3 and 9 as recorded runs over seeds, beside the paper's differences. */
  ablation: AblationTexts;
  figures: FigureTexts;
  /** Saved runs loaded in place of a refused one, figures that cannot draw, links that change settings. */
  safety: import('./safety-types').SafetyTexts;
  /** Running a class: the menu, pace, projector, and the lesson, handout and embedded figure. */
  classroom: import('./classroom-types').ClassroomTexts;
  prefs: import('./prefs-types').PrefsTexts;
  /** The live page's loading bar. */
  loading: import('./loading-types').LoadingTexts;
}
