/**
 * A file served with the app that is not there, as hosts answer it: a failed status, or a 200 with
 * the app's own index.html in its place (vite's servers and many static hosts), which must read as
 * missing, in both languages, not as a file that is "not valid JSON".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatProblem } from '../../../../src/core/problems';
import { ProblemError } from '../../../../src/core/problem-error';
import { missingAnswer } from '../../../../src/ui/lib/missing-answer';
import { fetchRecording } from '../../../../src/ui/lib/fetch-recording';
import { CompareState } from '../../../../src/ui/state/compare.svelte';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

const INDEX_HTML = '<!doctype html><html><head><title>Agent0 Lab</title></head><body></body></html>';
const html = () => new Response(INDEX_HTML, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

describe('missingAnswer', () => {
  it('is null for a file, the status for a failed answer, web-page for an HTML page in its place', () => {
    expect(missingAnswer(new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBeNull();
    expect(missingAnswer(new Response(new Uint8Array([1, 2, 3])))).toBeNull();
    expect(missingAnswer(new Response('gone', { status: 404 }))).toBe(404);
    expect(missingAnswer(new Response('', { status: 503, headers: { 'Content-Type': 'text/html' } }))).toBe(503);
    expect(missingAnswer(html())).toBe('web-page');
    expect(missingAnswer(new Response(INDEX_HTML, { headers: { 'Content-Type': 'TEXT/HTML' } }))).toBe('web-page');
  });
});

describe('a recording answered with the app page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is reported missing, with the command that writes it, in English and Korean', async () => {
    vi.stubGlobal('fetch', async () => html());
    const err = await fetchRecording('/runs/gone.json', 'ablation', 'npm run record:ablation --').catch((e) => e);
    expect(err).toBeInstanceOf(ProblemError);
    const [problem] = (err as ProblemError).problems;
    expect(problem).toEqual({
      kind: 'recording-missing',
      what: 'ablation',
      url: '/runs/gone.json',
      status: 'web-page',
      command: 'npm run record:ablation --',
    });
    const en = formatProblem(EN.errors, problem!);
    const ko = formatProblem(KO.errors, problem!);
    expect(en).toContain('is missing (the server sent a web page in its place)');
    expect(ko).toContain('없습니다 (서버가 그 자리에 웹 페이지를 보냈습니다)');
    for (const text of [en, ko]) {
      expect(text).not.toContain('HTTP');
      expect(text).not.toContain('JSON');
      expect(text).toContain('npm run record:ablation -- --out public/runs/gone.json');
    }
  });

  it('a compared run answered with the app page is missing too, and nothing is added', async () => {
    vi.stubGlobal('fetch', async () => html());
    const c = new CompareState();
    expect(await c.addServed('/runs/compare-as-released.json', 'released', 'released')).toBe(false);
    expect(c.runs).toEqual([]);
    expect(c.problem?.problems).toEqual([
      { kind: 'served-missing', url: '/runs/compare-as-released.json', status: 'web-page' },
    ]);
    expect(formatProblem(EN.errors, c.problem!.problems[0]!)).toBe(
      '/runs/compare-as-released.json is missing (the server sent a web page in its place).',
    );
  });
});
