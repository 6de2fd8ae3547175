/** The embed view's stops and the addresses of the classroom views. */
import { describe, expect, it } from 'vitest';
import { frameAncestors, withFramingRule } from '../../../../config/csp';
import { embedStops, firstStop, isEmbedFigure } from '../../../../src/ui/classroom/embed-figures';
import { readSettings, writeSettings } from '../../../../src/ui/lib/settings';

describe('embedded figure', () => {
  const trace = [
    'questioner-rollouts',
    'curriculum-reward',
    'evaluation',
    'questioner-rollouts',
    'curriculum-reward',
    'evaluation',
  ].map((phase) => ({ phase }) as { phase: 'evaluation' });
  it('stops right after each record of its phase', () => {
    expect(embedStops(trace, 'reward')).toEqual([2, 5]);
    expect(embedStops(trace, 'curves')).toEqual([3, 6]);
    expect(embedStops(trace, 'votes')).toEqual([]);
  });
  it('opens at the first stop, the curves and the compare view at the last', () => {
    expect(firstStop([2, 5], 'reward')).toBe(0);
    expect(firstStop([3, 6], 'curves')).toBe(1);
    expect(firstStop([3, 6], 'compare')).toBe(1);
  });
  it('knows its figures only', () => {
    expect(isEmbedFigure('adpo')).toBe(true);
    expect(isEmbedFigure('header')).toBe(false);
  });
});

describe('classroom addresses', () => {
  it('reads and writes the lesson step, the handout and the embed', () => {
    const { settings, problems } = readSettings('?lesson=3&handout=1');
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ lesson: 3, handout: true });
    expect(writeSettings(settings)).toBe('?lesson=3&handout=1');
  });
  it('an embed shows the recorded run', () => {
    expect(readSettings('?embed=votes').settings).toMatchObject({ embed: 'votes', mode: 'replay' });
    expect(readSettings('?embed=').settings.embed).toBe('');
  });
  it('a lesson step that is not a screen is said and the lesson opens at 1', () => {
    const { settings, problems } = readSettings('?lesson=99');
    expect(settings.lesson).toBe(1);
    expect(problems).toEqual([{ field: 'lesson', value: '99', allowed: '1–17' }]);
  });
  it('only the embed view may be framed by another site', () => {
    expect(frameAncestors('/?embed=reward')).toBe('frame-ancestors *');
    expect(frameAncestors('/?embed=')).toBe('frame-ancestors *');
    expect(frameAncestors('/?mode=replay&lesson=2')).toBe("frame-ancestors 'none'");
    expect(frameAncestors('/assets/index.js')).toBe("frame-ancestors 'none'");
  });
  it("the service worker's cached page takes the framing rule of the address asked for", () => {
    const cached = (policy: string | null) =>
      new Response('<html></html>', { headers: policy === null ? {} : { 'Content-Security-Policy': policy } });
    const policyOf = (r: Response) => r.headers.get('Content-Security-Policy');
    expect(
      policyOf(withFramingRule(cached("default-src 'self'; frame-ancestors 'none'"), 'http://x/?embed=votes')),
    ).toBe("default-src 'self'; frame-ancestors *");
    expect(policyOf(withFramingRule(cached("default-src 'self'; frame-ancestors *"), 'http://x/?lesson=2'))).toBe(
      "default-src 'self'; frame-ancestors 'none'",
    );
    expect(policyOf(withFramingRule(cached("default-src 'self'"), 'http://x/?embed=grpo'))).toBe(
      "default-src 'self'; frame-ancestors *",
    );
    // A host that sends no policy header: nothing to change.
    expect(policyOf(withFramingRule(cached(null), 'http://x/?embed=grpo'))).toBeNull();
  });
});
