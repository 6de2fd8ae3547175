/** English words of the classroom views (the Korean file says the same). */
import { LESSON_SCREENS_EN } from './lesson-screens-en';
import type { ClassroomTexts } from './classroom-types';

export const CLASSROOM_EN: ClassroomTexts = {
  menu: 'More',
  pace: 'Pace',
  paces: {
    continuous: 'continuous',
    'each-phase': 'phase by phase',
    'delay-2': '2 s per phase',
    'delay-5': '5 s per phase',
    'delay-10': '10 s per phase',
  },
  pausing: 'Pausing after this phase…',
  heldAfterPhase: (iteration) => `Paused after the phase: Space or Run goes on (until iteration ${iteration} is done)`,
  waitingNext: (seconds) => `Next phase in ${seconds} s`,
  startingPython: 'The first tool call waits for the Python sandbox to start…',
  progress: {
    writing: (done, total) => `writing: ${done} of ${total} sequences stopped in this turn`,
    'tool calls': (done, total) => `programs run: ${done} of ${total} written so far`,
    'update steps': (done, total) => `update steps: ${done} of ${total}`,
  },
  followPhase: 'Follow the phase',
  projector: 'Projector mode',
  chapterPhases: (phases) => (/[–,]/.test(phases) ? `phases ${phases}` : `phase ${phases}`),
  orderNote:
    'The chapters explain the rewards before the updates, so the GRPO update (phase 5) comes after self-labelling (phases 6–8); each link says which phases its chapter covers.',
  start: {
    title: 'Start here',
    what: 'Agent0 Lab runs Agent0’s loop in this tab: a questioner writes arithmetic problems, a solver answers them with a Python tool, and both learn from each other by reinforcement learning, with no human answers. One iteration is the ten phases in the strip above; each fills a figure below.',
    items: [
      {
        name: 'Step phase (s)',
        what: 'runs the next phase and scrolls to the figure it filled; Run runs whole iterations.',
      },
      {
        name: 'Lesson',
        what: 'docks a 17-screen guided lesson: Next (→, Page Down, Space or a presenter remote) fills each screen and moves on, ← goes back, 1–9 answer its predictions.',
      },
      {
        name: 'Settings',
        what: 'recorded mode replays the shipped run instantly and the same on every machine; live trains here. The address keeps every choice, so a link shares the setup.',
      },
    ],
    startLesson: 'Start the lesson',
    hide: 'Hide',
  },
  presetLines: {
    faithful:
      'Agent0’s own ratios (group sizes, samples, one update per batch) at small batch counts: the slowest, for comparing with the paper.',
    classroom:
      'The default: an iteration in seconds on a laptop GPU, with four executor updates per batch so ρ leaves 1.',
    tiny: 'The fewest prompts, rollouts and held-out questions: for slow machines and quick checks.',
  },
  overrideKeys: (preset, count) => `The ${count} keys, with the values of ${preset}`,
  lessonButton: 'Lesson',
  printButton: 'Print',
  lesson: {
    label: 'Guided lesson',
    progress: (step, total) => `${step} / ${total}`,
    previous: '← Back',
    next: 'Next →',
    close: 'Close the lesson',
    keys: 'Next: → , Page Down or Space (a presenter remote’s forward). Back: ← or Page Up (never runs a phase). Keys 1–9 answer a prediction.',
    nextHint: {
      'run-question': 'Press Next to run to the question.',
      reveal: 'The question is open: let the class choose, then press Next to run the phase that decides it.',
      'run-figure': 'This figure fills in once its phase has run: press Next to run it.',
      'next-screen': 'Press Next for the next screen.',
      wait: 'Running phases…',
      none: 'This is the last screen.',
    },
    digitsHint: (count) => `Keys 1–${count} answer.`,
    noPick: 'Revealed without a choice: compare with the class’s vote.',
    teacherNotes: 'Teacher notes',
    showFigure: 'Show the figure',
    figureEmpty: 'This figure fills in once its phase has run.',
    runToFigure: 'Run until it has data',
    notYetAsked: 'This question is asked right before the phase that decides it.',
    runToQuestion: 'Run to the question',
    running: 'Running phases…',
    recordingEnded: 'The recording has no later place to ask this. Reset the run to ask it again.',
    chose: (choice) => `The class chose: ${choice}`,
    askAgain: 'Ask again',
    revealing: 'Running the phase that decides it…',
    right: 'Right.',
    wrong: 'Not this time.',
    none: 'none of them',
    screens: LESSON_SCREENS_EN,
    topReward: {
      question: (iteration) =>
        `Iteration ${iteration}: the solver proxy has measured p. Which of these questions will earn the highest curriculum reward R?`,
      choice: (question, p) => `${question} (p = ${p})`,
      broken: (rollout) => `rollout ${rollout}, which broke the contract (no question to answer)`,
      answer: (question, total) => `Highest: “${question}” with R = ${total}.`,
      row: (question, u, penalty, tool, total) =>
        `${question}: U = ${u}, penalty = ${penalty}, tool = ${tool} → R = ${total}`,
    },
    noGradient: {
      question: (iteration) =>
        `Iteration ${iteration}: these are each group’s rewards. Which group will give the questioner no gradient?`,
      choice: (group, rewards) => `Group ${group}: ${rewards}`,
      answerNone: 'No group: every group has at least two different rewards, so every group moves the policy.',
      answer: (groups) => `No gradient from group ${groups}: all its rewards are equal, so std = 0 and every A = 0.`,
      row: (group, std, signal) => `Group ${group}: std = ${std}${signal ? '' : ' → A = 0'}`,
    },
    curation: {
      question: (question, lo, hi) => `Curation keeps a question when ${lo} ≤ s ≤ ${hi}. Will it keep “${question}”?`,
      votes: (buckets, votes) => `Its ${votes} votes: ${buckets}`,
      keep: 'Kept',
      drop: 'Dropped',
      answer: (kept, score, lo, hi) =>
        `${kept ? 'Kept' : 'Dropped'}: s = ${score}, ${kept ? 'inside' : 'outside'} [${lo}, ${hi}].`,
    },
    clip: {
      question: (updates) =>
        `The executor’s update makes ${updates} optimizer updates on its batch. At which update does ρ first leave the clip band?`,
      choice: (update) => `Update ${update}`,
      never: 'Never',
      answer: (first) =>
        first === null ? 'ρ never left the band in this batch.' : `ρ first left the band at update ${first}.`,
      row: (update, low, high, dual) => `Update ${update}: clipped low ${low}, high ${high}, dual ${dual}`,
    },
  },
  handout: {
    adpoTitle: 'ADPO: trust and clip from the vote’s agreement s',
    adpo: 'For the first question curation kept, with its s: g(s) scales its advantages, ε_high(s) its upper clip bound.',
    paperRow: 'paper: after iteration 1',
    questionsTitle: 'Questions',
    questions: [
      'A question every solver answer agrees on has p = 1. What is its uncertainty term, and why does the questioner earn little for it?',
      'A group whose four rollouts all earn R = 0.2: what are their GRPO advantages, and what does the update learn from this group?',
      'Majority vote gives s = 5/9 for a question. Does curation keep it with the band [0.3, 0.8]? Work out g(s) with the formula above.',
      'In Table 5, read the row of the executor frozen after iteration 1. Does its pass rate fall from pool 1 to the last pool by more than two standard errors, with about 30 questions a pool (se ≈ √(p(1−p)/30))?',
      'Why would a questioner that is never updated not make the pools harder, while the full run does?',
    ],
    title: 'Agent0 Lab — handout',
    run: (seed, iterations) => `Seed ${seed}, ${iterations} iterations.`,
    recorded: 'Recorded run shipped with the app.',
    live: (preset) => `The run on screen in this browser (preset ${preset}).`,
    loop: 'The loop',
    formulas: 'The formulas with this run’s numbers',
    print: 'Print',
    back: 'Back to the lab',
    reward: (rollout, iteration) => `Curriculum reward of rollout ${rollout}, iteration ${iteration}:`,
    advantage: (group, iteration) => `GRPO advantage in group ${group} of the questioner, iteration ${iteration}:`,
    curation: (kept, total, lo, hi) =>
      `Self-consistency s; curation kept ${kept} of ${total} questions with ${lo} ≤ s ≤ ${hi}:`,
    clip: (epsLow, epsHigh) => `Clipped objective of the questioner (ε_low = ${epsLow}, ε_high = ${epsHigh}):`,
    clipPerSequence: (epsLow, algorithm) =>
      `ε_low = ${epsLow}; the executor’s ε_high(s) is set per question by ${algorithm}.`,
  },
  embed: {
    label: 'Figure of the recorded run',
    previous: '◀ Previous',
    next: 'Next ▶',
    position: (stop, stops, iteration) => `${stop} / ${stops} · iteration ${iteration}`,
    unknown: (name, known) => `There is no figure called “${name}”. Use one of: ${known}.`,
    openFull: 'Open the whole lab',
  },
};
