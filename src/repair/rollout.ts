/**
 * Batched repair episodes: each step every running episode generates one action line, the
 * environment acts on it and appends its observation (masked from the loss), until submit, a
 * degeneration (the same action `repetitionLimit` times in a row; `maxSteps` tool calls without
 * submitting) or an environment failure (a sandbox crash or time-out, injected at `failureRate`
 * per check/run from a seeded stream that never depends on timing; the context filling up).
 * Then the judge scores every final snippet.
 */
import { type Action, formatRepairObservation, parseAction, repairPrompt } from '../core/repair/actions';
import { type RepairStep, type Termination, isRepetitionLoop } from '../core/repair/episode';
import type { RepairTask } from '../core/repair/tasks';
import type { Rng } from '../core/random';
import type { TinyLM } from '../model/model';
import { EnvironmentFailure, type RepairEnvironment } from './environment';
import type { JudgeResult } from './programs';

export interface RolloutSettings {
  maxSteps: number;
  repetitionLimit: number;
  maxActionTokens: number;
  /** 0 = greedy. */
  temperature: number;
  failureRate: number;
}

export interface RepairEpisode {
  task: RepairTask;
  tokens: number[];
  promptLength: number;
  /** Per step: [start, end) of its action tokens in `tokens`. */
  spans: [number, number][];
  steps: RepairStep[];
  termination: Termination;
  /** The snippet at the end. */
  final: string[];
  /** The judge's verdict on `final`: it compiles; it runs cleanly and behaves as the ground truth. */
  compiles: boolean;
  matches: boolean;
  /** The exception class the final snippet's module level raised (its own assert failing, …), when it did. */
  raised?: string;
}

interface Running {
  lines: string[];
  compiles: boolean;
  steps: RepairStep[];
  spans: [number, number][];
  termination: Termination | null;
}

/** What the environment answers to one action: the observation, the new snippet, whether the episode ends. */
async function act(
  action: Action,
  s: Running,
  env: RepairEnvironment,
): Promise<{ observation: string; lines: string[]; compiles: boolean; submitted: boolean }> {
  switch (action.kind) {
    case 'check':
      return {
        observation: (await env.check(s.lines)).observation,
        lines: s.lines,
        compiles: s.compiles,
        submitted: false,
      };
    case 'run':
      return { observation: await env.run(s.lines), lines: s.lines, compiles: s.compiles, submitted: false };
    case 'submit':
      return { observation: '', lines: s.lines, compiles: s.compiles, submitted: true };
    case 'malformed':
      return { observation: 'bad action', lines: s.lines, compiles: s.compiles, submitted: false };
    case 'edit': {
      if (action.line < 1 || action.line > s.lines.length)
        return { observation: `no line ${action.line}`, lines: s.lines, compiles: s.compiles, submitted: false };
      const lines = s.lines.map((l, i) => (i === action.line - 1 ? action.text : l));
      return { observation: 'ok', lines, compiles: (await env.check(lines)).compiles, submitted: false };
    }
  }
}

/** One episode per task, generated as one batch; see the file comment. */
export async function repairRollouts(
  model: TinyLM,
  tasks: readonly RepairTask[],
  env: RepairEnvironment,
  settings: RolloutSettings,
  sampling: Rng,
  failures: Rng,
): Promise<RepairEpisode[]> {
  const tok = model.tokenizer;
  const ctx = model.config.contextLength;
  const prompts = tasks.map((t) => tok.encode(repairPrompt(t.lines)));
  const states: Running[] = [];
  for (const t of tasks) {
    const s: Running = { lines: [...t.lines], compiles: false, steps: [], spans: [], termination: null };
    try {
      s.compiles = (await env.check(s.lines)).compiles;
    } catch (err) {
      if (!(err instanceof EnvironmentFailure)) throw err;
      s.termination = err.kind;
    }
    states.push(s);
  }
  const g = model.startGeneration(prompts, sampling);
  try {
    for (let step = 0; step < settings.maxSteps && states.some((s) => !s.termination); step++) {
      const before = states.map((_, b) => g.tokens(b).length);
      const outs = await g.turn({
        temperature: settings.temperature,
        maxNewTokens: settings.maxActionTokens,
        stopStrings: ['\n'],
      });
      for (const [b, out] of outs.entries()) {
        const s = states[b] as Running;
        if (!out || s.termination) continue;
        const start = before[b] as number;
        const span: [number, number] = [start, start + out.tokens.length];
        const failureDraw = failures.next();
        const kindDraw = failures.next();
        let action: Action = out.stop === 'stop-string' ? parseAction(out.text) : { kind: 'malformed', text: out.text };
        if (out.stop === 'eos') action = { kind: 'submit' };
        const record = (observation: string, after: string[], compilesAfter: boolean): void => {
          s.steps.push({
            action,
            text: out.text,
            tokenCount: out.tokens.length,
            observation,
            before: s.lines,
            after,
            compilesBefore: s.compiles,
            compilesAfter,
          });
          s.spans.push(span);
          s.lines = after;
          s.compiles = compilesAfter;
        };
        if (out.stop === 'context') {
          record('', s.lines, s.compiles);
          s.termination = 'context';
          continue;
        }
        if ((action.kind === 'check' || action.kind === 'run') && failureDraw < settings.failureRate) {
          record('', s.lines, s.compiles);
          s.termination = kindDraw < 0.5 ? 'sandbox-crash' : 'timeout';
          continue;
        }
        let result;
        try {
          result = await act(action, s, env);
        } catch (err) {
          if (!(err instanceof EnvironmentFailure)) throw err;
          record('', s.lines, s.compiles);
          s.termination = err.kind;
          continue;
        }
        record(result.submitted ? '' : result.observation, result.lines, result.compiles);
        if (result.submitted) {
          s.termination = out.stop === 'eos' ? 'eos' : 'submit';
          continue;
        }
        if (
          isRepetitionLoop(
            s.steps.map((x) => x.text),
            settings.repetitionLimit,
          )
        ) {
          s.termination = 'repetition';
          continue;
        }
        if (s.steps.length >= settings.maxSteps) {
          s.termination = 'too-many-calls';
          continue;
        }
        const obs = tok.encode(formatRepairObservation(result.observation));
        if (g.tokens(b).length + obs.length >= ctx) {
          s.termination = 'context';
          continue;
        }
        g.append(b, obs);
      }
    }
    const episodes: RepairEpisode[] = [];
    for (const [b, s] of states.entries()) {
      const task = tasks[b] as RepairTask;
      let termination = s.termination ?? 'too-many-calls';
      let judged: JudgeResult = { verdict: 'nocompile' };
      try {
        judged = await env.judge(task, s.lines);
      } catch (err) {
        if (!(err instanceof EnvironmentFailure)) throw err;
        termination = err.kind;
      }
      episodes.push({
        task,
        tokens: g.tokens(b),
        promptLength: (prompts[b] as number[]).length,
        spans: s.spans,
        steps: s.steps,
        termination,
        final: s.lines,
        compiles: judged.verdict !== 'nocompile',
        matches: judged.verdict === 'match',
        ...(judged.raised === undefined ? {} : { raised: judged.raised }),
      });
    }
    return episodes;
  } finally {
    g.dispose();
  }
}
