/**
 * The shipped classroom recording's shape, for the unit, end-to-end and Firefox tests: how many
 * curriculum steps an iteration of it runs (read from the file), and so which records one iteration
 * adds — phases 1–5 once per curriculum step, then phases 6–10 (docs/algorithms.md §1.1).
 */
import { readFileSync } from 'node:fs';
import { PHASES, type PhaseName } from '../src/engine/loop/trace';

/** Curriculum steps per iteration in the recording (`questioner.steps`). */
export const RECORDED_QUESTIONER_STEPS = (
  JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as { config: { questioner: { steps: number } } }
).config.questioner.steps;

/** The phases of one iteration of the recording, in order. */
export const RECORDED_ITERATION_PHASES: readonly PhaseName[] = [
  ...Array.from({ length: RECORDED_QUESTIONER_STEPS }, () => PHASES.slice(0, 5)).flat(),
  ...PHASES.slice(5),
];

/** Records in one iteration of the recording. */
export const RECORDED_PER_ITERATION = RECORDED_ITERATION_PHASES.length;
