/**
 * Synthetic repair traces for pre-training the repair agent: a noisy expert acts on the real
 * environment (so every observation is what the sandbox answers). The expert knows the defect
 * line and its repair, but it slips on purpose, so the pre-trained agent is imperfect:
 *   first step        check 75 % · run 20 % · submit 5 %
 *   after "ok" (check) run 75 % · submit 20 % · check again 5 %
 *   after "ok" (run)   submit 90 % · run again 5 % · check 5 %
 *   after a compile error   right repair 65 % · wrong repair 25 % · check again 5 % · submit 5 %
 *   after a runtime error   right repair 45 % · wrong repair 30 % · submit anyway 25 %
 *   after an edit      check 55 % · run 35 % · submit 10 %
 * A wrong repair is the right line with one digit, operator or comparison changed (60 %), the
 * broken line unchanged (a no-op, 20 %), or an edit of another line to its own text (20 %).
 * Traces that do not submit within `maxSteps` are drawn again.
 */
import { type Action, formatAction, formatRepairObservation, repairPrompt } from '../core/repair/actions';
import type { RepairTask } from '../core/repair/tasks';
import type { Rng } from '../core/random';
import type { RepairEnvironment } from './environment';

export interface Trace {
  prompt: string;
  /** Alternating action lines and observation lines, in order. */
  parts: { text: string; kind: 'action' | 'observation' }[];
}

const DIGIT = /\d/g;
const OPERATOR = /[+\-*<>]/g;

/** The line with one digit, arithmetic operator or comparison changed (the line itself when it has none). */
export function perturbLine(line: string, rng: Rng): string {
  const spots = [...line.matchAll(DIGIT), ...line.matchAll(OPERATOR)].filter(
    (m) => !(m[0] === '-' && /[=(,]$/.test(line.slice(0, m.index))),
  );
  const spot = spots[rng.int(Math.max(1, spots.length))];
  if (!spot || spot.index === undefined) return line;
  const ch = spot[0];
  const pool = /\d/.test(ch) ? '0123456789' : ch === '<' || ch === '>' ? '<>' : '+-*';
  const others = pool.split('').filter((c) => c !== ch);
  return line.slice(0, spot.index) + (others[rng.int(others.length)] as string) + line.slice(spot.index + 1);
}

function wrongRepair(task: RepairTask, lines: readonly string[], rng: Rng): Action {
  const u = rng.next();
  const fixText = task.fixed[task.defectLine - 1] as string;
  if (u < 0.6) return { kind: 'edit', line: task.defectLine, text: perturbLine(fixText, rng) };
  if (u < 0.8) return { kind: 'edit', line: task.defectLine, text: lines[task.defectLine - 1] as string };
  const other = 1 + rng.int(lines.length);
  return { kind: 'edit', line: other, text: lines[other - 1] as string };
}

type Last = 'start' | 'check-ok' | 'run-ok' | 'compile-error' | 'runtime-error' | 'edit';

function choose(last: Last, task: RepairTask, lines: readonly string[], rng: Rng): Action {
  const u = rng.next();
  const right: Action = { kind: 'edit', line: task.defectLine, text: task.fixed[task.defectLine - 1] as string };
  switch (last) {
    case 'start':
      return u < 0.75 ? { kind: 'check' } : u < 0.95 ? { kind: 'run' } : { kind: 'submit' };
    case 'check-ok':
      return u < 0.75 ? { kind: 'run' } : u < 0.95 ? { kind: 'submit' } : { kind: 'check' };
    case 'run-ok':
      return u < 0.9 ? { kind: 'submit' } : u < 0.95 ? { kind: 'run' } : { kind: 'check' };
    case 'compile-error':
      return u < 0.65
        ? right
        : u < 0.9
          ? wrongRepair(task, lines, rng)
          : u < 0.95
            ? { kind: 'check' }
            : { kind: 'submit' };
    case 'runtime-error':
      return u < 0.45 ? right : u < 0.75 ? wrongRepair(task, lines, rng) : { kind: 'submit' };
    case 'edit':
      return u < 0.55 ? { kind: 'check' } : u < 0.9 ? { kind: 'run' } : { kind: 'submit' };
  }
}

/** One trace that ends in submit within maxSteps (redrawn up to 20 times; the last draw is cut to end in submit). */
export async function expertTrace(
  task: RepairTask,
  env: RepairEnvironment,
  rng: Rng,
  maxSteps: number,
): Promise<Trace> {
  for (let attempt = 0; ; attempt++) {
    let lines = [...task.lines];
    const parts: Trace['parts'] = [];
    let last: Last = 'start';
    for (let step = 0; step < maxSteps; step++) {
      let action = choose(last, task, lines, rng);
      if (step === maxSteps - 1 && attempt >= 19) action = { kind: 'submit' };
      parts.push({ text: formatAction(action), kind: 'action' });
      if (action.kind === 'submit') return { prompt: repairPrompt(task.lines), parts };
      let obs: string;
      if (action.kind === 'check') {
        obs = (await env.check(lines)).observation;
        last = obs === 'ok' ? 'check-ok' : 'compile-error';
      } else if (action.kind === 'run') {
        obs = await env.run(lines);
        last = obs === 'ok' ? 'run-ok' : /^(Syntax|Indentation)Error/.test(obs) ? 'compile-error' : 'runtime-error';
      } else if (action.kind === 'edit') {
        lines = lines.map((l, i) => (i === action.line - 1 ? action.text : l));
        obs = 'ok';
        last = 'edit';
      } else {
        obs = 'bad action';
      }
      parts.push({ text: formatRepairObservation(obs), kind: 'observation' });
    }
  }
}
