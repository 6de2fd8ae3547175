/**
 * Every kind of problem a person can be shown has an English and a Korean sentence that carries its
 * parameters (paths, values, numbers, names); the Korean one is Korean: apart from its parameters and
 * code (settings paths, file extensions) no English word is left, by the rule of the Korean page walk
 * (tests/e2e/app-korean.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, makeConfig } from '../../../src/core/config';
import { formatProblem, formatReport, type Problem, type ProblemKind } from '../../../src/core/problems';
import { parseOverrides } from '../../../src/engine/loop/overrides';
import { EN } from '../../../src/ui/text/en';
import { KO } from '../../../src/ui/text/ko';

/** One example of every kind (the type makes the table complete). */
const EXAMPLES: { [K in ProblemKind]: Extract<Problem, { kind: K }> } = {
  'not-an-object': { kind: 'not-an-object', path: 'pool', got: '5' },
  'unknown-setting': { kind: 'unknown-setting', path: 'executor.trustLoww' },
  'no-rule': { kind: 'no-rule', path: 'executor.extra' },
  'out-of-range': {
    kind: 'out-of-range',
    path: 'executor.trustLow',
    rule: { kind: 'number', min: 0, max: 1 },
    got: '2',
  },
  order: {
    kind: 'order',
    low: 'curation.minScore',
    lowValue: 0.9,
    high: 'curation.maxScore',
    highValue: 0.7,
    strict: false,
  },
  'unknown-preset': { kind: 'unknown-preset', got: '"huge"', allowed: ['faithful', 'classroom', 'tiny'] },
  'release-conflict': { kind: 'release-conflict', path: 'executor.algorithm', released: '"grpo"', got: '"adpo"' },
  'check-without-tool': { kind: 'check-without-tool' },
  'override-syntax': { kind: 'override-syntax', item: 'trustLow=2' },
  'work-budget': {
    kind: 'work-budget',
    budget: 'executor-rollouts',
    paths: ['executor.prompts', 'executor.rolloutsPerPrompt'],
    formula: 'executor.prompts × executor.rolloutsPerPrompt',
    got: 1048576,
    limit: 2048,
  },
  'fork-empty': { kind: 'fork-empty' },
  'fork-unknown-section': { kind: 'fork-unknown-section', section: 'nothing' },
  'fork-unchanged': { kind: 'fork-unchanged', path: 'executor.klCoef', value: '0.01' },
  'fork-mid-iteration': { kind: 'fork-mid-iteration' },
  'fork-url-syntax': { kind: 'fork-url-syntax', entry: '0:a.b=1' },
  'checkpoint-values': {
    kind: 'checkpoint-values',
    role: 'executor',
    what: 'second-moments',
    param: 'layer0.wq',
    index: 12,
    value: '-0.5',
  },
  'fork-url-too-far': { kind: 'fork-url-too-far', entry: '51:a.b=1', limit: 50 },
  'file-unreadable': { kind: 'file-unreadable' },
  'wrong-format': { kind: 'wrong-format', format: 'agent0-lab-run' },
  'wrong-version': { kind: 'wrong-version', format: 'agent0-lab-repair-run', got: '7' },
  'no-trace': { kind: 'no-trace' },
  'repair-malformed': { kind: 'repair-malformed', path: 'runs[0].iterations[2].train', expected: 'metrics' },
  'ablation-malformed': { kind: 'ablation-malformed', path: 'variants[2].runs[1]', expected: 'run' },
  'recording-missing': {
    kind: 'recording-missing',
    what: 'run',
    url: '/runs/gone.json',
    status: 404,
    command: 'npm run simulate --',
  },
  'recording-not-json': { kind: 'recording-not-json', what: 'tables-3-9', url: '/runs/bad.json' },
  'served-missing': { kind: 'served-missing', url: '/runs/compare-as-released.json', status: 410 },
  'checkpoint-too-short': { kind: 'checkpoint-too-short', bytes: 9 },
  'checkpoint-magic': { kind: 'checkpoint-magic', magic: 'PK\u0003\u0004' },
  'checkpoint-version': { kind: 'checkpoint-version', got: 3, expected: 1 },
  'checkpoint-damaged': { kind: 'checkpoint-damaged' },
  'checkpoint-header-length': { kind: 'checkpoint-header-length' },
  'checkpoint-header-json': { kind: 'checkpoint-header-json' },
  'checkpoint-sections': { kind: 'checkpoint-sections' },
  'checkpoint-section-bytes': { kind: 'checkpoint-section-bytes', held: 1234, file: 1200 },
  'checkpoint-optimizer-bytes': { kind: 'checkpoint-optimizer-bytes', got: 40, expected: 48 },
  'checkpoint-settings': { kind: 'checkpoint-settings' },
  'checkpoint-header': { kind: 'checkpoint-header', field: 'position.phase', expected: 'position' },
  'checkpoint-too-large': { kind: 'checkpoint-too-large', field: 'trace.length', count: 300000, limit: 200000 },
  'checkpoint-model': {
    kind: 'checkpoint-model',
    role: 'executor',
    detail: 'checkpoint: the vocabulary differs from the tokenizer in use.',
  },
  'trace-damaged': { kind: 'trace-damaged', iteration: 6 },
  'save-mid-iteration': { kind: 'save-mid-iteration', iteration: 4, phase: 'solver-proxy' },
  'no-saved-run': { kind: 'no-saved-run', slot: 'agent0-lab' },
  'coevolution-unavailable': { kind: 'coevolution-unavailable', cause: 'executors-missing' },
  'model-missing': { kind: 'model-missing', model: 'repair', status: 503 },
  'engine-not-ready': { kind: 'engine-not-ready' },
  'engine-silent': { kind: 'engine-silent', seconds: 10 },
  'engine-failed': { kind: 'engine-failed' },
  'sandbox-failed': { kind: 'sandbox-failed', reason: 'the Python sandbox worker died: Error: broken at load' },
  'repair-busy': { kind: 'repair-busy' },
  'repair-worker-failed': { kind: 'repair-worker-failed' },
  unexpected: { kind: 'unexpected', message: 'RangeError: Array buffer allocation failed' },
};

/** Fields a sentence words in its own language rather than printing as they are. */
const WORDED = new Set(['kind', 'strict', 'what', 'model', 'expected', 'format', 'role', 'budget', 'cause']);

/**
 * The values a sentence must carry: every printed field, a rule's bounds, a list's items, the format
 * a file lacks, and the command line that writes a missing recording (code, kept as it is).
 */
function parameters(p: Problem): string[] {
  if (p.kind === 'wrong-format') return [p.format];
  const printed = Object.entries(p).flatMap(([k, v]): string[] => {
    if (WORDED.has(k)) return [];
    if (Array.isArray(v)) return v.map(String);
    if (k === 'rule') return [String(v.min), String(v.max)];
    return [k === 'magic' ? JSON.stringify(v) : String(v)];
  });
  return p.kind === 'recording-missing' ? [...printed, `${p.command} --out public${p.url}`] : printed;
}

/** English words left in a Korean sentence once its parameters and code are taken out (the page walk's rule). */
function englishWords(text: string, params: string[]): string[] {
  let rest = text;
  for (const m of [...params].sort((a, b) => b.length - a.length)) rest = rest.split(m).join(' ');
  rest = rest.replace(/[\w.-]*\.[a-z][\w=.-]*|[a-z]+_[\w_]+|\S+\/\S*/g, ' ');
  const allowed = new Set(['Agent0', 'Lab', 'JSON', 'HTTP', 'true', 'false', 'null', 'tokens', 'stepOfToken']);
  return (rest.match(/[A-Za-z][A-Za-z0-9'’-]+/g) ?? []).filter((w) => !allowed.has(w));
}

describe('problem sentences', () => {
  const all = Object.values(EXAMPLES) as Problem[];

  it.each(all.map((p) => [p.kind, p] as const))('%s: English and Korean carry its parameters', (_kind, p) => {
    const en = formatProblem(EN.errors, p);
    const ko = formatProblem(KO.errors, p);
    for (const v of parameters(p)) {
      expect(en).toContain(v);
      expect(ko).toContain(v);
    }
    expect(en).not.toMatch(/[가-힣]/);
    expect(ko).toMatch(/[가-힣]/);
    expect(englishWords(ko, parameters(p))).toEqual([]);
  });

  it('worded fields change the sentence in both languages', () => {
    const pairs: [Problem, Problem][] = [
      [EXAMPLES['recording-missing'], { ...EXAMPLES['recording-missing'], what: 'ablation' }],
      [
        { ...EXAMPLES['recording-missing'], what: 'tables-3-9' },
        { ...EXAMPLES['recording-missing'], what: 'ablation' },
      ],
      [EXAMPLES['model-missing'], { ...EXAMPLES['model-missing'], model: 'base' }],
      [EXAMPLES['checkpoint-model'], { ...EXAMPLES['checkpoint-model'], role: 'questioner' }],
      [EXAMPLES['checkpoint-values'], { ...EXAMPLES['checkpoint-values'], what: 'first-moments' }],
      [EXAMPLES['checkpoint-values'], { ...EXAMPLES['checkpoint-values'], role: null }],
      [EXAMPLES['wrong-format'], { ...EXAMPLES['wrong-format'], format: 'agent0-lab-repair-run' }],
      [EXAMPLES.order, { ...EXAMPLES.order, strict: true }],
      [EXAMPLES['checkpoint-header'], { ...EXAMPLES['checkpoint-header'], expected: 'rng' }],
      [EXAMPLES['work-budget'], { ...EXAMPLES['work-budget'], budget: 'labelling-samples' }],
      [EXAMPLES['repair-malformed'], { ...EXAMPLES['repair-malformed'], expected: 'signal' }],
      [EXAMPLES['ablation-malformed'], { ...EXAMPLES['ablation-malformed'], expected: 'summary' }],
      [EXAMPLES['coevolution-unavailable'], { ...EXAMPLES['coevolution-unavailable'], cause: 'no-iteration' }],
    ];
    for (const [a, b] of pairs)
      for (const words of [EN.errors, KO.errors]) expect(formatProblem(words, a)).not.toBe(formatProblem(words, b));
  });

  it('an out-of-range value says the rule: range, exclusive bound, integers, choices, booleans', () => {
    const at = (rule: Extract<Problem, { kind: 'out-of-range' }>['rule']) =>
      formatProblem(KO.errors, { kind: 'out-of-range', path: 'x.y', rule, got: '3' });
    expect(at({ kind: 'number', min: 0, max: 1, minExclusive: true })).toBe(
      'x.y: (0, 1] 범위의 수여야 합니다 (받은 값: 3).',
    );
    expect(at({ kind: 'int', min: 1, max: 64 })).toContain('[1, 64] 범위의 정수');
    expect(at({ kind: 'enum', values: ['min', 'linear'] })).toContain('min, linear 중 하나');
    expect(at({ kind: 'bool' })).toContain('true 또는 false');
    expect(at({ kind: 'nullableNumber', min: 1, max: 100, minExclusive: true })).toContain('null 또는 (1, 100]');
  });
});

describe('the page words the core’s settings refusal', () => {
  it('executor.trustLow=2 in Korean: the heading, the range [0, 1] and the value 2', () => {
    let err: ConfigError | null = null;
    try {
      makeConfig('classroom', parseOverrides(['executor.trustLow=2']) as never);
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const report = (err as ConfigError).report;
    expect(formatReport(EN.errors, report)).toBe((err as ConfigError).message);
    expect(formatReport(KO.errors, report)).toBe(
      '설정이 올바르지 않습니다:\n' +
        '  executor.trustLow: [0, 1] 범위의 수여야 합니다 (받은 값: 2).\n' +
        '  executor.trustLow(2)은(는) executor.trustHigh(0.8)보다 작아야 합니다.',
    );
  });

  it('a report about a file puts the file name first in both languages', () => {
    const report = { heading: null, source: 'notes.txt', problems: [EXAMPLES['file-unreadable']] };
    expect(formatReport(EN.errors, report)).toBe(
      'notes.txt: it is neither a recording (JSON) nor a saved run (.a0run).',
    );
    expect(formatReport(KO.errors, report)).toBe('notes.txt: 녹화된 기록(JSON)도, 저장된 실행(.a0run)도 아닙니다.');
  });
});
