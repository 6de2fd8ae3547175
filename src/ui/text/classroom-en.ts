import type { ClassroomTexts } from './classroom-types';

export const CLASSROOM_EN: ClassroomTexts = {
  menu: 'More',
  pace: 'Pace',
  paces: {
    continuous: 'continuous',
    'each-phase': 'pause after each phase',
    'delay-2': '2 s between phases',
    'delay-5': '5 s between phases',
    'delay-10': '10 s between phases',
  },
  pausing: 'Pausing after this phase…',
  heldAfterPhase: (iteration) => `Paused after the phase: Run goes on (until iteration ${iteration} is done)`,
  waitingNext: (seconds) => `Next phase in ${seconds} s`,
  startingPython: 'Starting Python for the first tool call…',
  programsRun: (done, total) => `programs run: ${done} of ${total} written so far`,
  followPhase: 'Follow the phase',
  projector: 'Projector mode',
  chapterPhases: (phases) => (/[–,]/.test(phases) ? `phases ${phases}` : `phase ${phases}`),
  orderNote:
    'The chapters explain the rewards before the updates, so the GRPO update (phase 5) comes after self-labelling (phases 6–8); each link says which phases its chapter covers.',
};
