/**
 * What the executor sees of a tool call (docs/algorithms.md §2.1): the printed result (stdout, else
 * the error text). The fence and the tail truncation are the contract's, in
 * `src/core/contracts.ts`.
 */
import { formatObservation } from '../core/contracts.ts';
import type { RunResult } from './types.ts';

/** The observation text: stdout if anything was printed, else the error text, trailing newlines removed. */
export function observationText(result: RunResult): string {
  const text = result.stdout !== '' ? result.stdout : (result.error ?? '');
  // A loop from the end, not `/\n+$/`: that regex backtracks quadratically on a long run of
  // newlines followed by anything else (issue #58).
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return text.slice(0, end);
}

/** The observation as the environment appends it ("\n```output\n" + text + "\n```\n"), tail kept. */
export function fencedObservation(result: RunResult, maxChars?: number): string {
  return formatObservation(observationText(result), maxChars);
}
