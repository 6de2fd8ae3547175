import { describe, expect, it } from 'vitest';
import { formatObservation } from '../../../src/core/contracts';
import { observationText } from '../../../src/sandbox/observation';
import type { RunResult } from '../../../src/sandbox/types';

/** Issue #58: the observation trims were regexes (`/\n+$/`, `/\s+$/`) that backtrack quadratically on
 *  a long run of line ends (or spaces) not at the end: 60 kB took seconds per observation. */
const result = (stdout: string, error?: string): RunResult => ({
  stdout,
  stderr: '',
  ...(error === undefined ? {} : { error }),
  timedOut: false,
  crashed: false,
  ms: 1,
});

const timed = <T>(f: () => T): { value: T; ms: number } => {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
};

describe('observation trims', () => {
  it('observationText removes trailing newlines only, as before', () => {
    expect(observationText(result('7\n'))).toBe('7');
    expect(observationText(result('7\n\n\n'))).toBe('7');
    expect(observationText(result('a\nb \n'))).toBe('a\nb ');
    expect(observationText(result('x \t'))).toBe('x \t');
    expect(observationText(result('\n\n'))).toBe('');
    expect(observationText(result(''))).toBe('');
    expect(observationText(result('', 'Traceback\nZeroDivisionError\n'))).toBe('Traceback\nZeroDivisionError');
    expect(observationText(result('\r\n'))).toBe('\r');
  });

  it('formatObservation removes trailing whitespace of every kind, as before', () => {
    expect(formatObservation('7 \n\t\r\n')).toBe('\n```output\n7\n```\n');
    expect(formatObservation('a \u00a0\u2028\ufeff')).toBe('\n```output\na\n```\n');
    expect(formatObservation(' \n ')).toBe('\n```output\n\n```\n');
    expect(formatObservation('  lead')).toBe('\n```output\n  lead\n```\n');
    expect(formatObservation('abc  ', 2)).toBe('\n```output\nbc\n```\n');
  });

  it('a long run of line ends before the last character is trimmed in linear time', () => {
    const nasty = 'a' + '\n'.repeat(60_000) + 'b';
    const text = timed(() => observationText(result(nasty)));
    expect(text.value).toBe(nasty);
    expect(text.ms).toBeLessThan(50);
    const fenced = timed(() => formatObservation(nasty, 4));
    expect(fenced.value).toBe('\n```output\n\n\n\nb\n```\n');
    expect(fenced.ms).toBeLessThan(50);
    const spaces = timed(() => formatObservation('a' + ' \n'.repeat(30_000) + 'b', 1));
    expect(spaces.value).toBe('\n```output\nb\n```\n');
    expect(spaces.ms).toBeLessThan(50);
  });
});
