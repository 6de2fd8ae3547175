/**
 * The code-repair task family: a tiny function and an `assert` call line, with exactly one
 * seeded defect on one line. Syntax defects (missing colon, unbalanced bracket, bad indentation,
 * missing operand) stop the snippet from compiling; semantic defects (wrong operator, off by one,
 * wrong name) compile but make the visible assert fail. Every task carries its ground-truth
 * minimal repair (the one corrected line) and hidden test inputs for the judge.
 */
import type { Rng } from '../random';
import { TEMPLATES, TEMPLATE_NAMES, type Slots, type Template, type TemplateName } from './templates';

export type SyntaxDefect = 'missing-colon' | 'unbalanced-bracket' | 'bad-indentation' | 'missing-operand';
export type SemanticDefect = 'wrong-operator' | 'off-by-one' | 'wrong-name';
export type DefectKind = SyntaxDefect | SemanticDefect;
export const SYNTAX_DEFECTS: readonly SyntaxDefect[] = [
  'missing-colon',
  'unbalanced-bracket',
  'bad-indentation',
  'missing-operand',
];
export const SEMANTIC_DEFECTS: readonly SemanticDefect[] = ['wrong-operator', 'off-by-one', 'wrong-name'];
export const DEFECT_KINDS: readonly DefectKind[] = [...SYNTAX_DEFECTS, ...SEMANTIC_DEFECTS];

export interface RepairTask {
  /** Template, defect kind and a random suffix: a label for views and logs (nothing is keyed by it). */
  id: string;
  template: TemplateName;
  defect: DefectKind;
  category: 'syntax' | 'semantic';
  /** Name of the function under repair. */
  fname: string;
  /** The broken snippet, one entry per line (function lines, then the assert line). */
  lines: string[];
  /** The ground truth: the same snippet with the defect repaired. */
  fixed: string[];
  /** 1-based number of the one line where `lines` and `fixed` differ. */
  defectLine: number;
  /** Argument tuples the judge calls the function with: the visible assert's first, then hidden ones. */
  inputs: number[][];
}

const FUNCTION_NAMES = ['f', 'g', 'h'] as const;
/** Names no template defines, used by wrong-name defects. */
const UNDEFINED_NAMES: Readonly<Record<string, string>> = { a: 'c', b: 'c', x: 'z', n: 'm' };
const OPERAND_AFTER_OPERATOR = /(==|\+=|\*=|[+\-*<>])([a-z0-9]+)/g;

/** The line without its last ')' (null when it has none). */
function dropClosingBracket(line: string): string | null {
  const at = line.lastIndexOf(')');
  return at < 0 ? null : line.slice(0, at) + line.slice(at + 1);
}

/** The line without the operand after its last binary operator (null when it has none). */
function dropOperand(line: string): string | null {
  const matches = [...line.matchAll(OPERAND_AFTER_OPERATOR)];
  const last = matches[matches.length - 1];
  if (!last || last.index === undefined) return null;
  const start = last.index + (last[1] as string).length;
  return line.slice(0, start) + line.slice(start + (last[2] as string).length);
}

/** The broken version of a line for a syntax defect, or null when the defect does not apply to it. */
export function breakLine(line: string, defect: SyntaxDefect, isFunctionBody: boolean): string | null {
  switch (defect) {
    case 'missing-colon':
      return line.endsWith(':') ? line.slice(0, -1) : null;
    case 'unbalanced-bracket':
      return dropClosingBracket(line);
    case 'bad-indentation':
      return isFunctionBody && line.startsWith(' ') ? line.slice(1) : null;
    case 'missing-operand':
      return dropOperand(line);
  }
}

function assertLine(fname: string, args: readonly number[], value: number): string {
  return `assert ${fname}(${args.join(',')})==${value}`;
}

interface Candidate {
  line: number;
  broken: string;
}

/** Every (line, broken line) pair the defect can produce, given the template and visible arguments. */
function candidates(
  t: Template,
  slots: Slots,
  fname: string,
  args: readonly number[],
  defect: DefectKind,
): Candidate[] {
  const body = t.render(slots, fname);
  const fixed = [...body, assertLine(fname, args, t.evaluate(slots, args))];
  if (defect === 'wrong-name') {
    const idx = t.alwaysRunsLine;
    const line = body[idx] as string;
    const param = t.params.find((p) => new RegExp(`\\b${p}\\b`).test(line)) as string;
    return [{ line: idx, broken: line.replace(new RegExp(`\\b${param}\\b`), UNDEFINED_NAMES[param] as string) }];
  }
  if (defect === 'wrong-operator' || defect === 'off-by-one') {
    const truth = t.evaluate(slots, args);
    return t
      .mutations(slots)
      .filter((m) => m.kind === defect && t.evaluate(m.slots, args) !== truth)
      .map((m) => {
        const mutated = t.render(m.slots, fname);
        const line = mutated.findIndex((l, i) => l !== body[i]);
        return { line, broken: mutated[line] as string };
      });
  }
  const out: Candidate[] = [];
  fixed.forEach((line, i) => {
    const broken = breakLine(line, defect, i > 0 && i < body.length);
    if (broken !== null && broken !== line) out.push({ line: i, broken });
  });
  return out;
}

/**
 * One task: a template, slots, a function name and visible arguments, then a defect of the given
 * kind (default uniform over the seven) on one of the lines where it applies. Semantic defects
 * are drawn only among slot changes that alter the visible result. Three hidden argument tuples
 * follow the visible one.
 */
export function generateRepairTask(rng: Rng, defect?: DefectKind, template?: TemplateName): RepairTask {
  const kind = defect ?? (DEFECT_KINDS[rng.int(DEFECT_KINDS.length)] as DefectKind);
  for (let attempt = 0; attempt < 100; attempt++) {
    const t = TEMPLATES[template ?? (TEMPLATE_NAMES[rng.int(TEMPLATE_NAMES.length)] as TemplateName)];
    const slots = t.randomSlots(rng);
    const fname = FUNCTION_NAMES[rng.int(FUNCTION_NAMES.length)] as string;
    const args = t.randomArgs(rng);
    const options = candidates(t, slots, fname, args, kind);
    if (options.length === 0) continue;
    const choice = options[rng.int(options.length)] as Candidate;
    const fixed = [...t.render(slots, fname), assertLine(fname, args, t.evaluate(slots, args))];
    const lines = fixed.map((l, i) => (i === choice.line ? choice.broken : l));
    const inputs = [args, t.randomArgs(rng), t.randomArgs(rng), t.randomArgs(rng)];
    const category = (SYNTAX_DEFECTS as readonly string[]).includes(kind) ? 'syntax' : 'semantic';
    const id = `${t.name}-${kind}-${rng.nextUint32().toString(36)}`;
    return { id, template: t.name, defect: kind, category, fname, lines, fixed, defectLine: choice.line + 1, inputs };
  }
  throw new Error(`generateRepairTask: no ${kind} defect found for template ${template ?? 'any'} in 100 draws.`);
}
