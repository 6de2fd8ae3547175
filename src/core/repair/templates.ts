/**
 * The programs of the code-repair task family: four tiny Python functions, each a template with
 * slots (operators, constants, loop bounds) that render to source lines and evaluate in
 * TypeScript exactly as Python would (integer arithmetic, Python's precedence). A semantic defect
 * is a slot change, so the evaluator also knows what the broken program returns.
 * Indentation is one space per level, to keep the snippets short for a 128-token context.
 */
import type { Rng } from '../random';

export type BinaryOp = '+' | '-' | '*';
export type TemplateName = 'arith' | 'twostep' | 'loop' | 'pick';
export const TEMPLATE_NAMES: readonly TemplateName[] = ['arith', 'twostep', 'loop', 'pick'];

/** Slot values of one program (which are used depends on the template). */
export interface Slots {
  op1: BinaryOp;
  op2: BinaryOp;
  k1: number;
  k2: number;
  /** loop: range start 0 or 1; pick: comparison '>' (0) or '<' (1). */
  lo: number;
  /** loop: 1 = range(…, n+1), 0 = range(…, n). */
  inclusive: number;
}

/** Python's a op b on integers. */
export function applyOp(op: BinaryOp, a: number, b: number): number {
  return op === '+' ? a + b : op === '-' ? a - b : a * b;
}

/** a op1 b op2 c with Python precedence: * binds tighter than + and −, equal levels go left to right. */
export function evalChain(a: number, op1: BinaryOp, b: number, op2: BinaryOp, c: number): number {
  if (op2 === '*' && op1 !== '*') return applyOp(op1, a, b * c);
  return applyOp(op2, applyOp(op1, a, b), c);
}

export interface Template {
  name: TemplateName;
  /** Parameter names, in call order. */
  params: readonly string[];
  /** Source lines of the function (no call line). */
  render(s: Slots, fname: string): string[];
  /** What the function returns for these arguments. */
  evaluate(s: Slots, args: readonly number[]): number;
  /** Random valid slots. */
  randomSlots(rng: Rng): Slots;
  /** Random arguments. */
  randomArgs(rng: Rng): number[];
  /** Semantic slot changes: the kind of defect each one models, and the changed slots. */
  mutations(s: Slots): { kind: 'wrong-operator' | 'off-by-one'; slots: Slots }[];
  /** 0-based index of a body line that runs on every call and reads a parameter (for wrong-name defects). */
  alwaysRunsLine: number;
}

const OPS: readonly BinaryOp[] = ['+', '-', '*'];
const base = (): Slots => ({ op1: '+', op2: '+', k1: 1, k2: 1, lo: 0, inclusive: 0 });
const pickOp = (rng: Rng): BinaryOp => OPS[rng.int(3)] as BinaryOp;
const otherOps = (op: BinaryOp): BinaryOp[] => OPS.filter((o) => o !== op);
const nudge = (k: number): number[] => [k - 1, k + 1].filter((v) => v >= 1 && v <= 9);

const arith: Template = {
  name: 'arith',
  params: ['a', 'b'],
  render: (s, f) => [`def ${f}(a,b):`, ` return a${s.op1}b${s.op2}${s.k1}`],
  evaluate: (s, [a, b]) => evalChain(a as number, s.op1, b as number, s.op2, s.k1),
  randomSlots: (rng) => ({ ...base(), op1: pickOp(rng), op2: pickOp(rng), k1: rng.intBetween(1, 9) }),
  randomArgs: (rng) => [rng.intBetween(1, 9), rng.intBetween(1, 9)],
  mutations: (s) => [
    ...otherOps(s.op1).map((op1) => ({ kind: 'wrong-operator' as const, slots: { ...s, op1 } })),
    ...otherOps(s.op2).map((op2) => ({ kind: 'wrong-operator' as const, slots: { ...s, op2 } })),
    ...nudge(s.k1).map((k1) => ({ kind: 'off-by-one' as const, slots: { ...s, k1 } })),
  ],
  alwaysRunsLine: 1,
};

const twostep: Template = {
  name: 'twostep',
  params: ['x'],
  render: (s, f) => [`def ${f}(x):`, ` y=x${s.op1}${s.k1}`, ` return y${s.op2}${s.k2}`],
  evaluate: (s, [x]) => applyOp(s.op2, applyOp(s.op1, x as number, s.k1), s.k2),
  randomSlots: (rng) => ({
    ...base(),
    op1: pickOp(rng),
    op2: pickOp(rng),
    k1: rng.intBetween(1, 9),
    k2: rng.intBetween(1, 9),
  }),
  randomArgs: (rng) => [rng.intBetween(1, 9)],
  mutations: (s) => [
    ...otherOps(s.op1).map((op1) => ({ kind: 'wrong-operator' as const, slots: { ...s, op1 } })),
    ...otherOps(s.op2).map((op2) => ({ kind: 'wrong-operator' as const, slots: { ...s, op2 } })),
    ...nudge(s.k1).map((k1) => ({ kind: 'off-by-one' as const, slots: { ...s, k1 } })),
    ...nudge(s.k2).map((k2) => ({ kind: 'off-by-one' as const, slots: { ...s, k2 } })),
  ],
  alwaysRunsLine: 1,
};

/** Sum (op1 '+', start s = 0) or product (op1 '*', start s = 1) of i over range(lo, n [+1]). */
const loop: Template = {
  name: 'loop',
  params: ['n'],
  render: (s, f) => [
    `def ${f}(n):`,
    ` s=${s.op1 === '*' ? 1 : 0}`,
    ` for i in range(${s.lo === 1 ? '1,' : ''}n${s.inclusive === 1 ? '+1' : ''}):`,
    `  s${s.op1}=i`,
    ' return s',
  ],
  evaluate: (s, [n]) => {
    let acc = s.op1 === '*' ? 1 : 0;
    for (let i = s.lo; i < (n as number) + s.inclusive; i++) acc = applyOp(s.op1, acc, i);
    return acc;
  },
  randomSlots: (rng) => {
    const op1: BinaryOp = rng.next() < 0.5 ? '+' : '*';
    return { ...base(), op1, lo: op1 === '*' ? 1 : rng.int(2), inclusive: rng.int(2) };
  },
  randomArgs: (rng) => [rng.intBetween(2, 6)],
  mutations: (s) => [
    ...(s.op1 === '+' ? [{ kind: 'off-by-one' as const, slots: { ...s, lo: 1 - s.lo } }] : []),
    { kind: 'off-by-one' as const, slots: { ...s, inclusive: 1 - s.inclusive } },
  ],
  alwaysRunsLine: 2,
};

/** Returns a when a > b (lo 0) or a < b (lo 1), else b: the larger or the smaller argument. */
const pick: Template = {
  name: 'pick',
  params: ['a', 'b'],
  render: (s, f) => [`def ${f}(a,b):`, ` if a${s.lo === 0 ? '>' : '<'}b:`, '  return a', ' return b'],
  evaluate: (s, [a, b]) =>
    (s.lo === 0 ? (a as number) > (b as number) : (a as number) < (b as number)) ? (a as number) : (b as number),
  randomSlots: (rng) => ({ ...base(), lo: rng.int(2) }),
  randomArgs: (rng) => {
    const a = rng.intBetween(0, 9);
    return [a, (a + rng.intBetween(1, 9)) % 10];
  },
  mutations: (s) => [{ kind: 'wrong-operator', slots: { ...s, lo: 1 - s.lo } }],
  alwaysRunsLine: 1,
};

export const TEMPLATES: Readonly<Record<TemplateName, Template>> = { arith, twostep, loop, pick };
