/**
 * The synthetic pre-training corpus of the base model (the prompts are the roles' contracts, in
 * src/core/contracts.ts).
 * Documents (each ends with end-of-text):
 *   questioner:  <|questioner|><question>Q</question>\n```python\nP\n```\n```output\nA\n```\n\boxed{A}
 *   questioner, no tool: <|questioner|><question>Q</question>\n\boxed{A}
 *   plain:       <|solver|>Q\nLet me compute E.\n\boxed{A}
 *   tool:        <|tool|>Q\n```python\nP\n```\n```output\nA\n```\n\boxed{A}
 *                (a step problem: two such calls, the second program using the first's output)
 *   tool prompt, no tool: <|tool|>Q\nLet me compute E.\n\boxed{A}
 * where Q is a question of the task family, A its exact answer, P its program and E the
 * expression P prints. The mix (tool use only sometimes, every difficulty) makes a base model that
 * follows the contracts but computes hard answers badly without the tool. The questioner is
 * tool-equipped as in Agent0 (§3.1 of its paper): it mostly checks its question with programs before
 * it boxes the answer, so it can be right about a question it cannot compute in its head.
 */
import { formatObservation, questionerPrompt, solverPrompt, toolSolverPrompt } from '../../core/contracts';
import type { Rng } from '../../core/random';
import { type ArithmeticTask, type Difficulty, DIFFICULTIES, generateTask } from '../../core/tasks';
import { END_OF_TEXT } from '../../core/tokenizer';

/** The arithmetic a program prints, in plain notation: "print((F(3) + 4) / F(5))" → "(3 + 4) / 5". */
export function printedExpression(python: string): string {
  const line = python.split('\n').pop() ?? '';
  const m = /^print\((.*)\)$/.exec(line);
  if (!m) throw new Error(`printedExpression: not a print line: ${JSON.stringify(line)}.`);
  return (m[1] as string).replace(/F\((\d+)\)/g, '$1');
}

/** The questioner's document: its prompt, the tagged question, its programs (if it uses the tool), the boxed answer. */
export function questionerDocument(task: ArithmeticTask, useTool = false): string {
  const tagged = `${questionerPrompt()}<question>${task.question}</question>\n`;
  return useTool ? tagged + toolCompletion(task) : `${tagged}\\boxed{${task.answer}}${END_OF_TEXT}`;
}

/** Short reasoning then the boxed answer (the plain solver's completion). */
export function reasoningCompletion(task: ArithmeticTask): string {
  return `Let me compute ${printedExpression(task.python)}.\n\\boxed{${task.answer}}${END_OF_TEXT}`;
}

/** Each tool call with the observation the environment appends, then the boxed answer. */
export function toolCompletion(task: ArithmeticTask): string {
  const calls = task.programs.map(
    (program, i) => `\`\`\`python\n${program}\n\`\`\`${formatObservation(task.outputs[i] ?? '')}`,
  );
  return `${calls.join('')}\\boxed{${task.answer}}${END_OF_TEXT}`;
}

export interface CorpusMix {
  /** Weights of questioner, plain-solver and tool-solver documents (normalised when drawn). */
  questioner: number;
  solver: number;
  toolSolver: number;
  /** Per difficulty 1–7, the share of tool-solver documents that call the tool. */
  toolUse: readonly number[];
  /** Share of questioner documents that check the question with the tool. */
  questionerToolUse: number;
  /** Weight of each difficulty 1–7 in the solvers' documents. */
  difficultyWeights: readonly number[];
  /** Weight of each difficulty 1–7 in the questioner's documents (a base that writes mostly low levels). */
  questionerDifficultyWeights: readonly number[];
}

export const DEFAULT_CORPUS_MIX: CorpusMix = {
  questioner: 0.15,
  solver: 0.35,
  toolSolver: 0.5,
  toolUse: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
  questionerToolUse: 0.9,
  difficultyWeights: [5, 3, 2, 1.5, 1.5, 2, 2],
  questionerDifficultyWeights: [5, 3, 2, 1.5, 1.5, 2, 2],
};

/** The corpus options of `npm run pretrain`, each a comma-separated list of numbers. */
export interface MixOptions {
  /** `--tool-use s1,…,s7`: per difficulty, the share of tool-solver documents that call the tool. */
  toolUse?: string;
  /** `--difficulty-weights w1,…,w7`: the weight of each difficulty in the solvers' documents. */
  difficultyWeights?: string;
  /** `--questioner-difficulty-weights w1,…,w7`: the weight of each difficulty in the questioner's documents. */
  questionerDifficultyWeights?: string;
  /** `--kind-weights q,s,t`: the weights of questioner, plain-solver and tool-solver documents. */
  kindWeights?: string;
  /** `--questioner-tool-use s`: the share of questioner documents that check the question with the tool. */
  questionerToolUse?: string;
}

/** How many numbers each option takes, and in what range. */
const MIX_OPTIONS: Record<keyof MixOptions, { flag: string; count: number; what: string; max: number }> = {
  toolUse: { flag: '--tool-use', count: DIFFICULTIES.length, what: 'shares in [0, 1], one per difficulty', max: 1 },
  difficultyWeights: {
    flag: '--difficulty-weights',
    count: DIFFICULTIES.length,
    what: 'weights ≥ 0, one per difficulty, not all 0',
    max: Infinity,
  },
  questionerDifficultyWeights: {
    flag: '--questioner-difficulty-weights',
    count: DIFFICULTIES.length,
    what: 'weights ≥ 0, one per difficulty, not all 0',
    max: Infinity,
  },
  kindWeights: {
    flag: '--kind-weights',
    count: 3,
    what: 'weights ≥ 0 (questioner, plain solver, tool solver), not all 0',
    max: Infinity,
  },
  questionerToolUse: { flag: '--questioner-tool-use', count: 1, what: 'share in [0, 1]', max: 1 },
};

/**
 * The numbers of one option: exactly `count` finite numbers in [0, max], and for weights not all 0.
 * Throws, naming the flag and what it takes, on anything else.
 */
function parseNumbers(option: keyof MixOptions, text: string): number[] {
  const { flag, count, what, max } = MIX_OPTIONS[option];
  const values = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  const allZeroWeights = max === Infinity && values.every((v) => v === 0);
  if (values.length !== count || values.some((v) => !Number.isFinite(v) || v < 0 || v > max) || allZeroWeights)
    throw new Error(`${flag} takes ${count} ${what}${count > 1 ? ', separated by commas' : ''} (got "${text}").`);
  return values;
}

/** The corpus options as `node:util` parseArgs declares them, keyed by flag name without the dashes. */
export const MIX_OPTION_ARGS: Record<string, { type: 'string' }> = Object.fromEntries(
  Object.values(MIX_OPTIONS).map(({ flag }) => [flag.slice(2), { type: 'string' as const }]),
);

/** The corpus options given among parsed command-line values (absent flags left out). */
export function mixOptionsOf(values: Record<string, unknown>): MixOptions {
  const given = Object.entries(MIX_OPTIONS).flatMap(([key, { flag }]) => {
    const value = values[flag.slice(2)];
    return typeof value === 'string' ? [[key, value]] : [];
  });
  return Object.fromEntries(given) as MixOptions;
}

/** The default mix with every option given replaced (options absent keep the default's values). */
export function corpusMix(options: MixOptions): CorpusMix {
  const mix = { ...DEFAULT_CORPUS_MIX };
  if (options.toolUse !== undefined) mix.toolUse = parseNumbers('toolUse', options.toolUse);
  if (options.difficultyWeights !== undefined)
    mix.difficultyWeights = parseNumbers('difficultyWeights', options.difficultyWeights);
  if (options.questionerDifficultyWeights !== undefined)
    mix.questionerDifficultyWeights = parseNumbers('questionerDifficultyWeights', options.questionerDifficultyWeights);
  if (options.kindWeights !== undefined) {
    const [questioner = 0, solver = 0, toolSolver = 0] = parseNumbers('kindWeights', options.kindWeights);
    Object.assign(mix, { questioner, solver, toolSolver });
  }
  if (options.questionerToolUse !== undefined)
    mix.questionerToolUse = parseNumbers('questionerToolUse', options.questionerToolUse)[0] as number;
  return mix;
}

export type DocumentKind = 'questioner' | 'questioner-tool' | 'solver' | 'tool-call' | 'tool-no-call';

export interface CorpusDocument {
  kind: DocumentKind;
  difficulty: Difficulty;
  text: string;
}

/**
 * One document drawn from the mix: kind by its shares, difficulty d by that kind's weights
 * (the questioner's or the solvers'), then a task; a tool-solver document calls the tool with
 * probability `toolUse[d − 1]`.
 */
export function sampleDocument(rng: Rng, mix: CorpusMix = DEFAULT_CORPUS_MIX): CorpusDocument {
  const role = rng.weightedIndex([mix.questioner, mix.solver, mix.toolSolver]);
  const weights = role === 0 ? mix.questionerDifficultyWeights : mix.difficultyWeights;
  const difficulty = DIFFICULTIES[rng.weightedIndex(weights)] as Difficulty;
  const task = generateTask(rng, difficulty);
  if (role === 0) {
    const tool = rng.next() < mix.questionerToolUse;
    return { kind: tool ? 'questioner-tool' : 'questioner', difficulty, text: questionerDocument(task, tool) };
  }
  if (role === 1) return { kind: 'solver', difficulty, text: solverPrompt(task.question) + reasoningCompletion(task) };
  const call = rng.next() < (mix.toolUse[difficulty - 1] as number);
  const completion = call ? toolCompletion(task) : reasoningCompletion(task);
  return { kind: call ? 'tool-call' : 'tool-no-call', difficulty, text: toolSolverPrompt(task.question) + completion };
}
