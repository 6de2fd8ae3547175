/**
 * Table 5 on the page: a recording's table is checked whole before it is drawn (the field that fails
 * is named), and the sentence beside the heat map states the run's own numbers against the paper's,
 * all hand-computed here.
 */
import { readFileSync } from 'node:fs';
import { rgb } from 'd3';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../../src/core/problems';
import { reportOf } from '../../../../src/core/problem-error';
import type { CoevolutionRow } from '../../../../src/engine/files/coevolution-table';
import { checkCoevolution } from '../../../../src/engine/files/coevolution-table';
import { passColor } from '../../../../src/ui/figures/coevolution-map/coevolution-view';
import { points, table5Finding } from '../../../../src/engine/studies/table5-finding';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import { readRunFile } from '../../../../src/engine/files/run-file';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

/** A table of a three-iteration run: the base model, after 1, after 3 (also the last). */
const TABLE: CoevolutionRow[] = [
  { solver: 0, pass: [0.25, 0.2, null], toolCalls: [0.1, 0.3, null] },
  { solver: 1, pass: [0.5, 0.45, 0.3], toolCalls: [0.4, 0.6, 1.2] },
  { solver: 3, pass: [0.75, 0.7, 0.6], toolCalls: [1, 1.5, 2] },
];

/** Questions the oracle answers in each of TABLE's pools. */
const QUESTIONS = [100, 50, 100];

/** The English message of what `f` throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    return formatReport(EN.errors, reportOf(err));
  }
  throw new Error('not refused');
}

const withTable = (table: unknown): unknown[] => structuredClone(table) as unknown[];
const row = (table: unknown[], i: number) => table[i] as Record<string, unknown[] | number>;

describe('a recording’s Table 5', () => {
  it('is read as it is when every cell holds', () => {
    expect(checkCoevolution(TABLE, 3)).toEqual(TABLE);
    const run = asRecordedRun({
      format: 'agent0-lab-run',
      version: 1,
      trace: [],
      summaries: [{}, {}, {}],
      coevolution: TABLE,
    });
    expect(run.coevolution).toEqual(TABLE);
    expect(
      asRecordedRun({ format: 'agent0-lab-run', version: 1, trace: [], summaries: [] }).coevolution,
    ).toBeUndefined();
  });

  it('is refused whole, naming the field, when anything is off', () => {
    const cases: [string, (t: unknown[]) => unknown, string][] = [
      ['not a list', () => ({ rows: [] }), 'coevolution: expected a list of Table 5 rows'],
      ['no row', () => [], 'coevolution: expected a list of Table 5 rows'],
      ['a row that is no object', (t) => [t[0], 7], 'coevolution[1]: expected a list of Table 5 rows'],
      ['solvers out of order', (t) => [t[1], t[0], t[2]], 'coevolution[1].solver: expected the iteration'],
      ['a repeated solver', (t) => [t[0], t[1], t[1]], 'coevolution[2].solver: expected the iteration'],
      ['a solver after the last iteration', (t) => (row(t, 2).solver = 4), 'coevolution[2].solver'],
      ['a fractional solver', (t) => (row(t, 1).solver = 1.5), 'coevolution[1].solver'],
      ['a pool missing', (t) => (row(t, 1).pass as unknown[]).pop(), 'coevolution[1].pass: expected one cell per'],
      ['tool calls missing', (t) => delete row(t, 0).toolCalls, 'coevolution[0].toolCalls: expected one cell per'],
      [
        'a pass rate above 1',
        (t) => ((row(t, 1).pass as unknown[])[2] = 1.2),
        'coevolution[1].pass[2]: expected a pass rate in [0, 1]',
      ],
      ['a pass rate as text', (t) => ((row(t, 2).pass as unknown[])[0] = '0.7'), 'coevolution[2].pass[0]'],
      ['negative tool calls', (t) => ((row(t, 2).toolCalls as unknown[])[1] = -1), 'coevolution[2].toolCalls[1]'],
      ['a null pass rate with tool calls', (t) => ((row(t, 1).pass as unknown[])[0] = null), 'coevolution[1].pass[0]'],
      [
        'tool calls null beside a pass rate',
        (t) => ((row(t, 1).toolCalls as unknown[])[0] = null),
        'coevolution[1].toolCalls[0]',
      ],
    ];
    for (const [what, spoil, message] of cases) {
      const t = withTable(TABLE);
      const result = spoil(t);
      const table = Array.isArray(result) || (typeof result === 'object' && result !== null) ? result : t;
      const text = refusal(() => checkCoevolution(table, 3));
      expect(text, what).toContain(`The run file is malformed at ${message}`);
    }
  });

  it('refuses the recording that carries a bad table, in replay and in the compare view, and says where in Korean too', () => {
    const t = withTable(TABLE);
    (row(t, 1).pass as unknown[])[2] = 1.2;
    const data = { format: 'agent0-lab-run', version: 1, trace: [], summaries: [{}, {}, {}], coevolution: t };
    expect(refusal(() => asRecordedRun(data))).toBe(
      'The run file is malformed at coevolution[1].pass[2]: expected a pass rate in [0, 1] and tool calls per rollout ≥ 0, or null in both.',
    );
    let ko = '';
    try {
      asRecordedRun(data);
    } catch (err) {
      ko = formatReport(KO.errors, reportOf(err));
    }
    expect(ko).toContain('coevolution[1].pass[2]');
    expect(ko).toContain('[0, 1] 범위의 통과율');
    const file = JSON.parse(readFileSync('tests/fixtures/compare/tiny-a.json', 'utf8')) as Record<string, unknown>;
    const bytes = new TextEncoder().encode(JSON.stringify({ ...file, coevolution: t }));
    expect(() => readRunFile(bytes, 'tiny-table.json')).toThrow(
      /^tiny-table\.json: The run file is malformed at coevolution\[1\]\.pass\[2\]/,
    );
    const good = new TextEncoder().encode(JSON.stringify({ ...file, coevolution: TABLE }));
    expect(readRunFile(good, 'tiny-table.json').summaries).toHaveLength(3);
  });
});

describe('the sentence beside the heat map', () => {
  it('compares pool 1 with pool 3 for the executor after iteration 1, against the paper’s −13 points', () => {
    // 0.50 → 0.30: −20.0 points; the paper 0.640 → 0.510: −13.0 points, tool calls 1.65 → 2.60.
    // Over 100 questions each: se = √(0.5·0.5/100 + 0.3·0.7/100) = √0.0046 = 0.0678 → 6.8 points;
    // 20 > 2 · 6.78: a measurable fall.
    expect(table5Finding(TABLE, QUESTIONS)).toEqual({
      kind: 'compare',
      pool: 3,
      passFrom: 0.5,
      passTo: 0.3,
      change: -20,
      questionsFrom: 100,
      questionsTo: 100,
      standardError: 6.8,
      withinNoise: false,
      toolFrom: 0.4,
      toolTo: 1.2,
      paperChange: -13,
      paperToolTo: 2.6,
    });
    // The paper's row and its note read src/core/paper.ts; the words stay as they were written.
    expect(EN.coevolution.paperNote).toBe(
      '«Qwen3-8B», 200 questions from each iteration’s curriculum; the paper reports this row only.',
    );
    expect(KO.coevolution.paperNote).toBe('«Qwen3-8B», 반복마다 커리큘럼 문제 200개. 논문에는 이 행만 실려 있습니다.');
    expect(EN.coevolution.finding(table5Finding(TABLE, QUESTIONS))).toBe(
      'Here the executor frozen after iteration 1 passes 50.0% of pool 1’s 100 questions and 30.0% of pool 3’s 100: its pass rate falls 20.0 points, more than two standard errors (±13.6 points), so the later questions are harder for it, as in the paper (paper: falls 13.0 points, 64.0% → 51.0%, on 200 questions a pool). Its tool calls per rollout go from 0.40 to 1.20 (paper: 1.65 → 2.60).',
    );
    expect(KO.coevolution.finding(table5Finding(TABLE, QUESTIONS))).toBe(
      '이 실행에서 반복 1 뒤에 고정한 해답자는 풀 1의 문제 100개 중 50.0%, 풀 3의 문제 100개 중 30.0%를 통과해 통과율이 20.0%p 내려갑니다(표준오차의 두 배(±13.6%p)보다 큼). 논문처럼 뒤 반복의 문제가 이 해답자에게 더 어렵다는 뜻입니다(논문: 13.0%p 하락, 64.0% → 51.0%, 풀마다 문제 200개). 롤아웃당 도구 호출은 0.40회에서 1.20회가 됩니다(논문: 1.65회 → 2.60회).',
    );
  });

  it('calls one question of 32 “no measurable change”, never a rise (the shipped recording’s 58.7% → 62.2%)', () => {
    // 169 of 288 rollouts (32 questions × 9) → 168 of 270 (30 × 9): +3.5 points. Over the questions,
    // se = √(0.5868·0.4132/32 + 0.6222·0.3778/30) = √(0.007577 + 0.007835) = 0.1241 → 12.4 points.
    const rows: CoevolutionRow[] = [{ solver: 1, pass: [169 / 288, 0.6, 168 / 270], toolCalls: [0.65, 0.97, 1.1] }];
    const f = table5Finding(rows, [32, 29, 30]);
    expect(f).toMatchObject({ change: 3.5, standardError: 12.4, withinNoise: true });
    const en = EN.coevolution.finding(f);
    expect(en).toContain(
      'its pass rate shows no measurable change: +3.5 points, inside two standard errors (±24.8 points), so this run cannot tell whether the later questions are harder for it',
    );
    expect(en).not.toMatch(/rises|falls 3/);
    expect(KO.coevolution.finding(f)).toContain(
      '통과율에는 측정할 만한 변화가 없습니다(+3.5%p로 표준오차의 두 배(±24.8%p) 안)',
    );
  });

  it('compares pool 3 even when the run has more pools, as the paper does', () => {
    const rows: CoevolutionRow[] = [{ solver: 1, pass: [0.6, 0.55, 0.5, 0.2, 0.1], toolCalls: [1, 1.1, 1.3, 2, 2.5] }];
    // 0.60 → 0.50 on pool 3: −10.0 points (not pool 5's −50.0).
    // Over 200 questions each: se = √(0.6·0.4/200 + 0.5·0.5/200) = √0.00245 = 0.04950; 0.10 > 2 · 0.0495.
    expect(table5Finding(rows, [200, 200, 200, 200, 200])).toMatchObject({
      kind: 'compare',
      pool: 3,
      change: -10,
      standardError: 4.9,
      withinNoise: false,
      toolTo: 1.3,
      paperChange: -13,
    });
  });

  it('with two pools compares pool 2 (the paper: −5.5 points), and says so when the rate rises', () => {
    const rows: CoevolutionRow[] = [
      { solver: 0, pass: [0.2, 0.3], toolCalls: [0, 0] },
      { solver: 1, pass: [0.4, 0.45], toolCalls: [0.5, 0.25] },
      { solver: 2, pass: [0.5, 0.5], toolCalls: [1, 1] },
    ];
    // 4000 questions each: se = √(0.4·0.6/4000 + 0.45·0.55/4000) = √0.000121875 = 0.01104; 0.05 > 2 · 0.011.
    const f = table5Finding(rows, [4000, 4000]);
    expect(f).toMatchObject({
      kind: 'compare',
      pool: 2,
      change: 5,
      standardError: 1.1,
      paperChange: -5.5,
      paperToolTo: 2.1,
    });
    expect(EN.coevolution.finding(f)).toContain(
      'its pass rate rises 5.0 points, more than two standard errors (±2.2 points), so by this measure the later questions are easier for it, unlike the paper (paper: falls 5.5 points, 64.0% → 58.5%',
    );
    expect(KO.coevolution.finding(f)).toContain('통과율이 5.0%p 올라갑니다(표준오차의 두 배(±2.2%p)보다 큼)');
    // The same +5 points over 400 questions each: se = √0.00121875 = 0.0349, and 0.05 < 2 · 0.0349.
    const few = table5Finding(rows, [400, 400]);
    expect(few).toMatchObject({ change: 5, standardError: 3.5, withinNoise: true });
    expect(EN.coevolution.finding(few)).toContain(
      'shows no measurable change: +5.0 points, inside two standard errors (±7.0 points)',
    );
    const same = table5Finding([{ solver: 1, pass: [0.4, 0.4], toolCalls: [1, 1] }], [50, 50]);
    expect(same).toMatchObject({ change: 0, withinNoise: true });
    expect(EN.coevolution.finding(same)).toContain('shows no measurable change: 0.0 points');
  });

  it('has nothing to compare with one pool, or without the cells it needs', () => {
    expect(
      table5Finding(
        [
          { solver: 0, pass: [0.2], toolCalls: [0] },
          { solver: 1, pass: [0.3], toolCalls: [1] },
        ],
        [10],
      ),
    ).toEqual({
      kind: 'short',
    });
    expect(table5Finding([{ solver: 0, pass: [0.2, 0.1, 0.1], toolCalls: [0, 0, 0] }], QUESTIONS)).toEqual({
      kind: 'no-cells',
      pool: 3,
    });
    expect(
      table5Finding(
        TABLE.map((r) => (r.solver === 1 ? { ...r, pass: [0.5, 0.45, null], toolCalls: [0.4, 0.6, null] } : r)),
        QUESTIONS,
      ),
    ).toEqual({
      kind: 'no-cells',
      pool: 3,
    });
  });

  it('writes the cells’ dark text (#222) on every pass-rate colour at a contrast of at least 4.5:1', () => {
    // WCAG 2.1 relative luminance and contrast ratio.
    const luminance = (c: string) => {
      const { r, g, b } = rgb(c);
      const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    for (let p = 0; p <= 1; p += 0.05)
      expect(contrast(passColor(p), '#222222'), `p = ${p}`).toBeGreaterThanOrEqual(4.5);
  });

  it('rounds points to one decimal and colours pass rates from grey to blue', () => {
    expect(points(0.64, 0.51)).toBe(-13);
    expect(points(0.64, 0.585)).toBe(-5.5);
    expect(points(1 / 3, 0.42)).toBe(8.7);
    expect(passColor(null)).toBe('#ffffff');
    expect(passColor(0)).toBe('rgb(242, 242, 242)');
    expect(passColor(1)).not.toBe(passColor(0.5));
  });
});
