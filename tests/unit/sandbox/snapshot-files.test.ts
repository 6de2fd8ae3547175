/**
 * The file system snapshot (snapshot-files.ts) on Pyodide's in-memory file system, driven through
 * Emscripten's FS calls: files created, rewritten in place, renamed, deleted or left open, and the
 * current directory moved, anywhere in the tree, are as they were after `restore`.
 */
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FileSystem, snapshotFiles } from '../../../src/sandbox/snapshot-files.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let pyodide: PyodideAPI;
let fs: PyodideAPI['FS'];
let snapshot: { restore(): void };
const read = (path: string): string => fs.readFile(path, { encoding: 'utf8' }) as string;
const exists = (path: string): boolean => fs.analyzePath(path, false).exists as boolean;

beforeAll(async () => {
  pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  fs = pyodide.FS;
  fs.mkdirTree('/home/keep');
  fs.writeFile('/home/keep/note.txt', 'pristine');
  snapshot = snapshotFiles(fs as unknown as FileSystem);
});

describe('restore', () => {
  it('removes files and directories a program created, in scratch or not', () => {
    fs.mkdirTree('/tmp/made/deeper');
    fs.writeFile('/tmp/made/deeper/x.txt', 'x');
    fs.writeFile('/home/keep/new.txt', 'new');
    snapshot.restore();
    expect([exists('/tmp/made'), exists('/home/keep/new.txt')]).toEqual([false, false]);
    expect(fs.readdir('/home/keep')).toEqual(['.', '..', 'note.txt']);
  });

  it('brings back a file deleted or renamed, with its bytes', () => {
    fs.unlink('/home/keep/note.txt');
    fs.rename('/lib/python314.zip', '/tmp/moved.zip');
    snapshot.restore();
    expect(read('/home/keep/note.txt')).toBe('pristine');
    expect([exists('/lib/python314.zip'), exists('/tmp/moved.zip')]).toEqual([true, false]);
    // The standard library still imports from the zip that came back.
    expect(pyodide.runPython('import textwrap\ntextwrap.dedent("  a")')).toBe('a');
  });

  it('undoes a rewrite in place of a saved file (copy on write)', () => {
    const stream = fs.open('/home/keep/note.txt', 'r+');
    fs.write(stream, new TextEncoder().encode('XY'), 0, 2, 0);
    fs.close(stream);
    expect(read('/home/keep/note.txt')).toBe('XYistine');
    snapshot.restore();
    expect(read('/home/keep/note.txt')).toBe('pristine');
  });

  it('closes the files a program left open and puts the working directory back', () => {
    const cwd = fs.cwd();
    const before = fs.streams.filter(Boolean).length;
    fs.open('/home/keep/note.txt', 'r');
    fs.open('/tmp/left.txt', 'w');
    fs.chdir('/tmp');
    snapshot.restore();
    expect(fs.streams.filter(Boolean).length).toBe(before);
    expect(fs.cwd()).toBe(cwd);
  });
});
