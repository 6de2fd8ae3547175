/**
 * The Tables 3 / 9 figure's logic on a made-up recording (tests/fixtures/ablation, three seeds of two
 * iterations; its numbers are chosen so that every value below is computed by hand): the rows'
 * means, ranges, differences and separations under both measures, the variants' settings, the axis,
 * the sentence in English and Korean, and the fetch that refuses a missing, non-JSON or malformed file.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportOf } from '../../../../../src/core/problem-error';
import { formatReport } from '../../../../../src/core/problems';
import { type AblationRecording, decodeAblation } from '../../../../../src/engine/studies/ablation-file';
import { ablationRows } from '../../../../../src/engine/studies/ablation-table';
import { EN } from '../../../../../src/ui/text/en';
import { KO } from '../../../../../src/ui/text/ko';
import { ablationFinding } from '../../../../../src/engine/studies/ablation-table';
import {
  accuracyDomain,
  fetchAblation,
  paperFull,
  points,
  variantSettings,
} from '../../../../../src/ui/figures/ablation-table/ablation-view';
import { signed } from '../../../../../src/ui/lib/format';

const TEXT = readFileSync('tests/fixtures/ablation/coevolution-ablation.json', 'utf8');
const recording = (): AblationRecording => decodeAblation(TEXT);

describe('the rows of the made-up recording', () => {
  const rows = ablationRows(recording());
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('final held-out accuracy: mean, range, difference from full in points, separation', () => {
    // full: finals 0.5, 0.55, 0.6 → mean 0.55, range [0.5, 0.6].
    // no-curriculum-training: 0.4, 0.45, 0.45 → mean 0.4333, max 0.45 < 0.5 → below, −11.67 points.
    // no-repetition-penalty: 0.51, 0.52, 0.54 → mean 0.5233, overlaps [0.5, 0.6] → within, −2.67.
    // grpo-executor: 0.65, 0.7, 0.62 → min 0.62 > 0.6 → above, +10.67.
    // single-turn-executor: 0.48, 0.45, 0.49 → max 0.49 < 0.5 → below, −7.67.
    // curriculum-one-turn: 0.52, 0.58, 0.5 → within, −1.67.
    const expected: [string, number, number, number, string][] = [
      ['full', 0.55, 0.5, 0.6, 'within'],
      ['no-curriculum-training', 0.4 + 0.1 / 3, 0.4, 0.45, 'below'],
      ['no-tool-reward', 0.55, 0.5, 0.6, 'within'],
      ['no-repetition-penalty', 0.52 + 0.01 / 3, 0.51, 0.54, 'within'],
      ['grpo-executor', 0.65 + 0.02 / 3, 0.62, 0.7, 'above'],
      ['single-turn-executor', 0.47 + 0.01 / 3, 0.45, 0.49, 'below'],
      ['curriculum-one-turn', 0.53 + 0.01 / 3, 0.5, 0.58, 'within'],
    ];
    expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e[0]));
    for (const [id, mean, min, max, sep] of expected) {
      const m = row(id).final;
      expect(m.mean).toBeCloseTo(mean, 12);
      expect([m.min, m.max]).toEqual([min, max]);
      expect(points(m.difference)).toBeCloseTo((mean - 0.55) * 100, 9);
      expect(m.separation).toBe(sep);
    }
    expect(signed(points(row('no-curriculum-training').final.difference), 1)).toBe('−11.7');
    expect(signed(points(row('grpo-executor').final.difference), 1)).toBe('+10.7');
    expect(signed(points(row('no-tool-reward').final.difference), 1)).toBe('0.0');
  });

  it('averaged over the iterations: each seed’s two iterations averaged first', () => {
    // full: 0.45, 0.5, 0.55 → range [0.45, 0.55]; no-repetition-penalty: 0.405, 0.42, 0.44 → below
    // (within at the final iteration); single-turn-executor: 0.39, 0.4, 0.445 → below.
    expect(row('full').average.perSeed.map((v) => Number(v.toFixed(9)))).toEqual([0.45, 0.5, 0.55]);
    expect(row('no-repetition-penalty').average.perSeed.map((v) => Number(v.toFixed(9)))).toEqual([0.405, 0.42, 0.44]);
    expect(row('no-repetition-penalty').average.separation).toBe('below');
    expect(row('single-turn-executor').average.max).toBeCloseTo(0.445, 12);
    expect(row('grpo-executor').average.mean).toBeCloseTo(0.6 + 0.05 / 3, 12);
    expect(row('curriculum-one-turn').average.separation).toBe('within');
  });

  it('the paper’s differences beside the rows: Table 3 against 58.2 / 36.7, Table 9 against 51.9 / 31.6', () => {
    expect(row('full').paper).toBeNull();
    expect(row('no-curriculum-training').paper?.mathDifference).toBeCloseTo(46.8 - 58.2, 9);
    expect(row('no-curriculum-training').paper?.generalDifference).toBeCloseTo(29.5 - 36.7, 9);
    expect(signed(row('curriculum-one-turn').paper?.mathDifference ?? 0, 1)).toBe('−1.5');
    expect(paperFull(3)).toEqual({ math: 58.2, general: 36.7 });
    expect(paperFull(9)).toEqual({ math: 51.9, general: 31.6 });
  });

  it('a single value gets ±5 points around it', () => {
    const one = rows.map((r) => ({ ...r, final: { ...r.final, perSeed: [0.5] } }));
    // [0.45, 0.55]: span 0.1 / 5 ticks = 0.02 → step 0.02 → out to 0.44 and 0.56.
    expect(accuracyDomain(one, 'final').map((v) => Number(v.toFixed(9)))).toEqual([0.44, 0.56]);
  });

  it('the axis runs over every drawn seed, widened to multiples of its tick step', () => {
    // Finals: 0.4 (no-curriculum-training) … 0.7 (grpo-executor); averages: 0.35 … 0.65 (the mean
    // of 0.3 and 0.4 is 0.35000000000000003 in floats). Span 0.3 / 5 ticks = 0.06 → step 0.05, and
    // both ends are already multiples of it.
    expect(accuracyDomain(rows, 'final')).toEqual([0.4, 0.7]);
    const [lo, hi] = accuracyDomain(rows, 'average');
    expect([lo, hi].map((v) => Number(v.toFixed(9)))).toEqual([0.35, 0.65]);
  });
});

describe('settings and sentence', () => {
  it('each variant’s settings as section.key=value, none for the full run', () => {
    expect(variantSettings('full')).toEqual([]);
    expect(variantSettings('no-curriculum-training')).toEqual(['questioner.train=false']);
    expect(variantSettings('no-tool-reward')).toEqual(['reward.toolRewardPerCall=0']);
    expect(variantSettings('grpo-executor')).toEqual(['executor.algorithm=grpo']);
    expect(variantSettings('curriculum-one-turn')).toEqual(['questioner.maxTurns=1']);
  });

  it('which variants lie below, within and above the full run, under each measure', () => {
    const rec = recording();
    const rows = ablationRows(rec);
    expect(ablationFinding(rec, rows, 'final')).toEqual({
      key: 'final',
      below: ['no-curriculum-training', 'single-turn-executor'],
      within: ['no-tool-reward', 'no-repetition-penalty', 'curriculum-one-turn'],
      above: ['grpo-executor'],
      seeds: 3,
      iterations: 2,
      questions: 28,
    });
    expect(ablationFinding(rec, rows, 'average')).toMatchObject({
      below: ['no-curriculum-training', 'no-repetition-penalty', 'single-turn-executor'],
      within: ['no-tool-reward', 'curriculum-one-turn'],
      above: ['grpo-executor'],
    });
  });

  it('the sentence in English and in Korean', () => {
    const rec = recording();
    const f = ablationFinding(rec, ablationRows(rec), 'final');
    expect(EN.ablation.finding(f)).toBe(
      'Over 3 seeds of 2 iterations each, held-out accuracy after iteration 2, each evaluation scoring 28 held-out questions: ' +
        '“without curriculum training” and “single-turn executor” are below the full run outside the seeds’ spread (every seed under every seed of the full run); ' +
        '“without tool reward”, “without repetition penalty” and “curriculum agent with one turn (Table 9)” are within the spread, so these seeds cannot tell them from the full run; ' +
        '“executor trained with GRPO, not ADPO” is above the full run outside the spread (every seed over every seed of the full run). ' +
        'The paper reports one number per variant, with no seeds or error bars.',
    );
    expect(KO.ablation.finding(f)).toBe(
      '시드 3개에서 각각 반복 2번을 돌렸고, 평가마다 평가 문제 28개를 채점했습니다. 반복 2 뒤의 평가 정확도로 보면 ' +
        '‘출제자 학습 없음’, ‘한 턴만 쓰는 해답자’은(는) 시드 간 퍼짐 밖에서 전체 실행보다 낮습니다(모든 시드가 전체 실행의 모든 시드보다 낮음). ' +
        '‘도구 보상 없음’, ‘반복 벌점 없음’, ‘한 턴만 쓰는 출제자 (표 9)’은(는) 퍼짐 안에 있어, 이 시드들로는 전체 실행과 구별할 수 없습니다. ' +
        '‘ADPO 대신 GRPO로 학습한 해답자’은(는) 퍼짐 밖에서 전체 실행보다 높습니다(모든 시드가 전체 실행의 모든 시드보다 높음). ' +
        '논문은 변형마다 숫자 하나만 보고하며, 시드나 오차 막대는 없습니다.',
    );
  });

  it('no variant below, and a single seed, are said as such', () => {
    const f = {
      key: 'average',
      below: [],
      within: ['no-tool-reward'],
      above: [],
      seeds: 1,
      iterations: 6,
      questions: 140,
    } as const;
    const en = EN.ablation.finding({ ...f, below: [], within: [...f.within], above: [] });
    expect(en).toBe(
      'Over 1 seed of 6 iterations each, held-out accuracy averaged over iterations 1–6, each evaluation scoring 140 held-out questions: ' +
        'no variant is below the full run outside the seeds’ spread; “without tool reward” is within the spread, so these seeds cannot tell it from the full run. ' +
        'With a single seed there is no spread: each difference is one run against one run. The paper reports one number per variant, with no seeds or error bars.',
    );
    const ko = KO.ablation.finding({ ...f, below: [], within: [...f.within], above: [] });
    expect(ko).toContain('전체 실행보다 낮은 변형은 없습니다.');
    expect(ko).toContain('시드가 하나뿐이라 퍼짐이 없으므로');
  });
});

describe('fetching the recording', () => {
  afterEach(() => vi.unstubAllGlobals());
  const serve = (status: number, body: string) =>
    vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  const refusal = async (lang: typeof EN | typeof KO) => {
    try {
      await fetchAblation('/runs/coevolution-ablation.json');
    } catch (e) {
      return formatReport(lang.errors, reportOf(e));
    }
    throw new Error('not refused');
  };

  it('reads a well-formed file', async () => {
    serve(200, TEXT);
    expect((await fetchAblation('/runs/coevolution-ablation.json')).seeds).toEqual([1, 2, 3]);
  });

  it('a missing file names the command that writes it, in both languages', async () => {
    serve(404, '');
    expect(await refusal(EN)).toBe(
      'The recorded ablation of Tables 3 and 9 /runs/coevolution-ablation.json is missing (HTTP 404). Create it with npm run record:ablation -- --out public/runs/coevolution-ablation.json.',
    );
    expect(await refusal(KO)).toBe(
      '녹화된 표 3·9 절제 실험 /runs/coevolution-ablation.json이(가) 없습니다 (HTTP 404). npm run record:ablation -- --out public/runs/coevolution-ablation.json 명령으로 만드세요.',
    );
  });

  it('a file that is not JSON, or is malformed, is refused whole', async () => {
    serve(200, '{ not json');
    expect(await refusal(EN)).toBe(
      'The recorded ablation of Tables 3 and 9 /runs/coevolution-ablation.json is not valid JSON.',
    );
    const bad = JSON.parse(TEXT) as { variants: { runs: { summaries: { heldOutAccuracy: number }[] }[] }[] };
    bad.variants[3]!.runs[1]!.summaries[0]!.heldOutAccuracy = 1.5;
    serve(200, JSON.stringify(bad));
    expect(await refusal(EN)).toBe(
      'The ablation file is malformed at variants[3].runs[1].summaries[0]: expected the iteration number and a held-out accuracy in [0, 1].',
    );
  });
});
