/**
 * Words for running a class: the header's menu, the pace of Run, following the phase, projector
 * mode, and the classroom views (the guided lesson, the handout, an embedded figure).
 */
import type { ProgressKind } from '../../engine/loop/context';
import type { PresetName } from '../../core/config';
import type { NextAction } from '../classroom/lesson-keys';
import type { LessonScreenId } from '../classroom/lesson-screens';

/** How Run moves through phases (state/paced-run.svelte.ts). */
import type { PaceId } from '../state/paced-run.svelte';

export interface LessonScreenTexts {
  title: string;
  /** What the class looks at, in two or three sentences. */
  body: string;
  /** For the teacher: what to point out, what students get wrong. */
  note: string;
}

export interface ClassroomTexts {
  /** The header's menu of secondary controls. */
  menu: string;
  /** The pace select beside Run, and its choices. */
  pace: string;
  paces: Record<PaceId, string>;
  /** Status while the engine finishes the phase it is on before pausing. */
  pausing: string;
  /** Status of a paced run between phases: held for Run, or waiting `seconds` before the next phase. */
  heldAfterPhase: (iteration: number) => string;
  waitingNext: (seconds: number) => string;
  /** Status while the run's first tool call waits for the Python sandbox to start (still starting since the
   *  page loaded, or starting again after that start failed). */
  startingPython: string;
  /** A long phase's progress label, by what it counts (engine/loop/context.ts `ProgressKind`): sequences
   *  of this generation turn stopped, programs run of those written so far, mini-batch updates done. */
  progress: Record<ProgressKind, (done: number, total: number) => string>;
  /** The checkbox that scrolls to the figure of the phase just run. */
  followPhase: string;
  /** The checkbox of projector mode. */
  projector: string;
  /** The phases a chapter explains, in the contents ("phases 3–4"). */
  chapterPhases: (phases: string) => string;
  /** Why the contents and the phase strip have different orders. */
  orderNote: string;
  /** "Start here" at the top of the page: what the page is, what Step and the lesson do, how to start. */
  start: {
    title: string;
    what: string;
    /** One line each: a control's name and what it does. */
    items: { name: string; what: string }[];
    startLesson: string;
    hide: string;
  };
  /** One line each on what a preset is for (the settings form). */
  presetLines: Record<PresetName, string>;
  /** The overrides box's list of keys: `count` settings of `preset`, with their values. */
  overrideKeys: (preset: string, count: number) => string;
  /** The header's buttons. */
  lessonButton: string;
  printButton: string;
  lesson: {
    label: string;
    /** "3 / 14". */
    progress: (step: number, total: number) => string;
    previous: string;
    next: string;
    close: string;
    keys: string;
    /** What Next (→, Page Down, Space) does on the screen on show (classroom/lesson-keys.ts). */
    nextHint: Record<NextAction, string>;
    /** An open prediction: the digits that answer it, 1 to `count`. */
    digitsHint: (count: number) => string;
    /** Next revealed the answer without a digit: the class answered aloud. */
    noPick: string;
    teacherNotes: string;
    showFigure: string;
    /** The figure's phase has not run yet. */
    figureEmpty: string;
    runToFigure: string;
    /** The run is not yet right before the phase that decides the question. */
    notYetAsked: string;
    runToQuestion: string;
    /** Live: the next chance may be an iteration away. */
    running: string;
    /** The recording has no further place to ask (reset to ask again). */
    recordingEnded: string;
    chose: (choice: string) => string;
    /** Clear the class's choice, to ask the question again at the run's next chance. */
    askAgain: string;
    revealing: string;
    right: string;
    wrong: string;
    none: string;
    screens: Record<LessonScreenId, LessonScreenTexts>;
    topReward: {
      question: (iteration: number) => string;
      choice: (question: string, p: string) => string;
      /** A choice that is a rollout whose contract broke (its reward is −1). */
      broken: (rollout: number) => string;
      answer: (question: string, total: string) => string;
      row: (question: string, u: string, penalty: string, tool: string, total: string) => string;
    };
    noGradient: {
      question: (iteration: number) => string;
      choice: (group: number, rewards: string) => string;
      answerNone: string;
      answer: (groups: string) => string;
      row: (group: number, std: string, signal: boolean) => string;
    };
    curation: {
      question: (question: string, lo: string, hi: string) => string;
      votes: (buckets: string, votes: number) => string;
      keep: string;
      drop: string;
      answer: (kept: boolean, score: string, lo: string, hi: string) => string;
    };
    clip: {
      question: (updates: number) => string;
      choice: (update: number) => string;
      never: string;
      answer: (first: number | null) => string;
      row: (update: number, low: string, high: string, dual: string) => string;
    };
  };
  handout: {
    /** ADPO's two functions, at a kept question's s. */
    adpoTitle: string;
    adpo: string;
    /** The paper's row beside Table 5. */
    paperRow: string;
    questionsTitle: string;
    /** Questions for the students, each with room to answer. */
    questions: string[];
    title: string;
    run: (seed: number, iterations: number) => string;
    recorded: string;
    live: (preset: string) => string;
    loop: string;
    formulas: string;
    print: string;
    back: string;
    /** Parts of the reward at one rollout of the last iteration. */
    reward: (rollout: number, iteration: number) => string;
    advantage: (group: number, iteration: number) => string;
    curation: (kept: number, total: number, lo: string, hi: string) => string;
    clip: (epsLow: string, epsHigh: string) => string;
    /** When the executor's algorithm sets ε_high per sequence; `algorithm` is its name (the registry's). */
    clipPerSequence: (epsLow: string, algorithm: string) => string;
  };
  embed: {
    label: string;
    previous: string;
    next: string;
    /** Where the figure stands: stop k of n, iteration i. */
    position: (stop: number, stops: number, iteration: number) => string;
    unknown: (name: string, known: string) => string;
    openFull: string;
  };
}
