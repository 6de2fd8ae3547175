/**
 * Reading the browser's threads' CPU for the tab bench (scripts/bench/browser-threads.ts): a /proc
 * stat line's fields (proc(5)), Chromium's process types, and the difference of two readings.
 */
import { describe, expect, it } from 'vitest';
import { cpuBetween, isChromium, parseStat, processType } from '../../../../scripts/bench/browser-threads';

describe('parseStat', () => {
  it('reads the name, the parent and utime + stime in seconds (USER_HZ 100)', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line = '4242 (ThreadPoolForeg) S 4200 4100 4100 0 -1 4194368 120 0 3 0 287 45 0 0 20 0 31 0';
    expect(parseStat(line)).toEqual({ name: 'ThreadPoolForeg', parent: 4200, cpuSeconds: 3.32 });
  });

  it('counts the fields from the last ")", so a name with spaces and parentheses cannot shift them', () => {
    const line = '7 (a) b (c) R 1 7 7 0 -1 0 0 0 0 0 1000 250 0 0 20 0 1 0';
    expect(parseStat(line)).toEqual({ name: 'a) b (c', parent: 1, cpuSeconds: 12.5 });
  });

  it('refuses a line that is not one', () => {
    expect(() => parseStat('no parentheses here')).toThrow(/not a \/proc stat line/);
  });
});

describe('processType', () => {
  it('is the --type Chromium gives a child, "browser" for the first process', () => {
    expect(processType('/usr/lib/chromium/chromium --type=renderer --lang=en')).toBe('renderer');
    expect(processType('/usr/lib/chromium/chromium --type=gpu-process --flag')).toBe('gpu-process');
    expect(processType('/usr/lib/chromium/chromium --headless --remote-debugging-pipe')).toBe('browser');
  });
});

describe('isChromium', () => {
  it('knows Chromium by its program, also in the one-string command lines it gives its children', () => {
    expect(isChromium('/usr/lib/chromium/chromium --user-data-dir=/tmp/profile ')).toBe(true);
    expect(isChromium('/usr/lib/chromium/chromium --type=renderer --user-data-dir=/tmp/p --lang=en-US')).toBe(true);
    expect(isChromium('/opt/google/chrome/chrome --type=gpu-process')).toBe(true);
    expect(isChromium('/usr/bin/node /work/node_modules/esbuild/bin/esbuild --service=0.25.0')).toBe(false);
    expect(isChromium('/usr/lib/chromium/chromium_crashpad_handler --database=/tmp/x')).toBe(false);
  });
});

describe('cpuBetween', () => {
  it('subtracts per kind, counts a kind that appeared from zero, drops what used under 0.01 s, most first', () => {
    const before = { 'renderer: chromium': 1.2, 'renderer: DedicatedWorker': 10, 'browser: chromium': 3 };
    const after = {
      'renderer: chromium': 2.5,
      'renderer: DedicatedWorker': 17.25,
      'browser: chromium': 3.005,
      'renderer: ThreadPoolForeg': 2.8,
    };
    expect(Object.entries(cpuBetween(before, after))).toEqual([
      ['renderer: DedicatedWorker', 7.25],
      ['renderer: ThreadPoolForeg', 2.8],
      ['renderer: chromium', 1.3],
    ]);
  });
});
