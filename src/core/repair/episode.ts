/**
 * What one repair episode leaves behind: its steps (the action, what it did to the snippet, what
 * the environment answered) and how it ended. Termination causes fall in three classes
 * (docs/algorithms.md §8.2, §8.6): normal (the agent submitted, or ended its text), policy
 * degeneration (repetition loop, too many tool calls), environment failure (sandbox crash or
 * time-out, context overflow).
 */
import type { Action } from './actions';

export interface RepairStep {
  action: Action;
  /** The text the agent generated for this step (its action line). */
  text: string;
  /** Generated tokens of the step (the policy-loss tokens it carries). */
  tokenCount: number;
  /** The line the environment appended ("" when none: submit, or the episode ended). */
  observation: string;
  /** Snippet lines before and after the step. */
  before: string[];
  after: string[];
  /** Whether the snippet compiled before and after the step. */
  compilesBefore: boolean;
  compilesAfter: boolean;
}

export type Termination = 'submit' | 'eos' | 'too-many-calls' | 'repetition' | 'context' | 'sandbox-crash' | 'timeout';
export type TerminationClass = 'normal' | 'degenerate' | 'environment';
export const TERMINATIONS: readonly Termination[] = [
  'submit',
  'eos',
  'too-many-calls',
  'repetition',
  'context',
  'sandbox-crash',
  'timeout',
];

/** normal: submit, eos · degenerate: too-many-calls, repetition · environment: context, sandbox-crash, timeout. */
export function terminationClass(t: Termination): TerminationClass {
  if (t === 'submit' || t === 'eos') return 'normal';
  if (t === 'too-many-calls' || t === 'repetition') return 'degenerate';
  return 'environment';
}

/** True when the last `limit` actions are the same text (a repetition loop). */
export function isRepetitionLoop(texts: readonly string[], limit: number): boolean {
  if (limit < 2 || texts.length < limit) return false;
  const tail = texts.slice(-limit);
  return tail.every((t) => t === tail[0]);
}
