/**
 * The answer key of the guided lesson's predictions for a whole trace (the teacher page): each
 * prediction asked where the lesson first asks it (the first place the trace stands right before
 * the deciding phase, `openAsk`), and answered from the record that follows (`decide`).
 */
import type { PhaseRecord } from '../../engine/loop/trace';
import { type Ask, type AskSettings, decide, openAsk, type PredictionKind, type Reveal } from './lesson-predictions';
import { LESSON_SCREENS } from './lesson-screens';

export interface AnswerKeyEntry {
  /** The lesson screen that asks it, 1-based. */
  step: number;
  ask: Ask;
  reveal: Reveal;
}

/** The first ask of `kind` in `trace` and its answer, or null when the trace never asks it. */
export function firstAnswer(kind: PredictionKind, trace: readonly PhaseRecord[], settings: AskSettings) {
  for (let i = 1; i <= trace.length; i++) {
    const ask = openAsk(kind, trace.slice(0, i), settings);
    if (!ask) continue;
    const reveal = decide(ask, trace);
    return reveal ? { ask, reveal } : null;
  }
  return null;
}

/** Every prediction screen of the lesson, in order, with its first ask and answer in `trace`. */
export function answerKey(trace: readonly PhaseRecord[], settings: AskSettings): AnswerKeyEntry[] {
  return LESSON_SCREENS.flatMap((s, i) => {
    if (!s.predict) return [];
    const found = firstAnswer(s.predict, trace, settings);
    return found ? [{ step: i + 1, ...found }] : [];
  });
}
