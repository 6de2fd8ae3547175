/**
 * What the executor sees of a tool call (docs/algorithms.md §2.1): the printed result (stdout, else
 * the error text). The fence and the tail truncation are the contract's, in
 * `src/core/contracts.ts`.
 */
import { formatObservation } from '../core/contracts.ts';
import type { RunResult } from './types.ts';

/** The observation text: stdout if anything was printed, else the error text, trailing newlines removed. */
export function observationText(result: RunResult): string {
  return (result.stdout !== '' ? result.stdout : (result.error ?? '')).replace(/\n+$/, '');
}

/** The observation as the environment appends it ("\n```output\n" + text + "\n```\n"), tail kept. */
export function fencedObservation(result: RunResult, maxChars?: number): string {
  return formatObservation(observationText(result), maxChars);
}
