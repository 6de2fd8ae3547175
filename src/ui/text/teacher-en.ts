/** English words of the teacher page (the Korean file says the same). */
import type { TeacherTexts } from './teacher-types';

export const TEACHER_EN: TeacherTexts = {
  title: 'Agent0 Lab: the teacher’s page',
  intro:
    'A 45-minute class on self-evolving agents with the guided lesson of the recorded run (?mode=replay&lesson=1&projector=1): the plan, the answers of its predictions, the links, and what to do when the room has no GPU or no network. Print it (two to three A4 pages).',
  goalsTitle: 'Learning goals',
  goals: [
    'Explain how a questioner and a solver co-evolve with no human-labelled data: who writes, who answers, who grades.',
    'Read the curriculum reward: why a question the solver answers right half the time (p ≈ 0.5) earns the most, and why a broken contract earns −1.',
    'Say when GRPO gives no gradient (a group whose rewards are all equal) and what the clip band does to the ratio ρ.',
    'Read self-labelling by majority vote and the curation band, and tell a measured difference from one inside the noise (two standard errors, the seeds’ spread).',
  ],
  planTitle: 'A 45-minute plan',
  planCols: { minutes: 'minutes', screens: 'lesson screens', what: 'what the class does' },
  plan: [
    {
      minutes: '0–5',
      from: 1,
      to: 1,
      what: 'The loop: two roles, ten phases, no human answers. Ask who grades the solver.',
    },
    {
      minutes: '5–15',
      from: 2,
      to: 5,
      what: 'Contract, p and the reward; the class votes on screen 4 before Next reveals it.',
    },
    { minutes: '15–22', from: 6, to: 7, what: 'GRPO: which group gets no gradient (vote), then the clip band.' },
    {
      minutes: '22–32',
      from: 8,
      to: 12,
      what: 'Self-labelling, curation (vote on screen 9), ρ and the clip (vote on screen 11), ADPO.',
    },
    {
      minutes: '32–42',
      from: 13,
      to: 16,
      what: 'Co-evolution: the curves, the pools’ level mix, Table 5, the frozen questioner.',
    },
    {
      minutes: '42–45',
      from: 17,
      to: 17,
      what: 'The repair lab’s reshaped signal; hand out the student sheet (?handout=1).',
    },
  ],
  keys: 'Keys (a presenter remote sends Page Down and Page Up): Next = → , Page Down or Space fills a screen, reveals its prediction, then moves on; Back = ← or Page Up never runs a phase; 1–9 answer a prediction.',
  answersTitle: 'Answer key of the predictions (the recorded run)',
  answersIntro:
    'Where the lesson asks each question in the shipped recording, the choices it offers, the right answer and the record’s numbers. A live run asks the same questions of its own trace.',
  screen: (step) => `Screen ${step}`,
  parametersTitle: 'Link parameters',
  parametersIntro: 'Every choice is kept in the address, so a link in your slides reproduces it.',
  parameterCols: { name: 'parameter', values: 'values', what: 'what it does' },
  parameters: {
    preset: 'The preset the run starts from.',
    seed: 'The run’s seed.',
    set: 'One setting laid over the preset, e.g. set=executor.algorithm=grpo (repeatable).',
    lang: 'The page’s language.',
    mode: 'replay replays the recorded run instead of training live.',
    backend: 'The backend tried first; the others follow if it cannot start.',
    fork: 'A fork of the live run: the parent for AT iterations, then the change; runs after a click (repeatable).',
    compare: 'Opens the compare view with the shipped pair of runs.',
    projector: 'Projector mode: white background, dark text, larger text, full width.',
    lesson: 'Opens the guided lesson at that screen.',
    handout: 'The printable handout of the run on screen.',
    embed: 'One figure of the recorded run alone, for a course page’s iframe.',
    teacher: 'This page.',
  },
  offlineTitle: 'Without WebGPU, without a network',
  offline: [
    'No GPU, or WebGPU refused: use ?mode=replay. The recorded run replays instantly and identically on every machine; a live run falls back to WASM by itself and the header says why.',
    'No network: open the page once on every machine before class (a service worker keeps the page, the models, Python and the recordings), or serve the build from the projector’s machine with npm run build && npm run preview.',
    'A slow machine: ?preset=tiny runs the smallest live run; the lesson works the same on the recording.',
  ],
  print: 'Print',
  back: 'Back to the page',
  loading: 'Loading the recording…',
};
