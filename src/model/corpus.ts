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
import { formatObservation, questionerPrompt, solverPrompt, toolSolverPrompt } from '../core/contracts';
import type { Rng } from '../core/random';
import { type ArithmeticTask, type Difficulty, DIFFICULTIES, generateTask } from '../core/tasks';
import { END_OF_TEXT } from '../core/tokenizer';

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
  /** Shares of questioner, plain-solver and tool-solver documents (normalised). */
  questioner: number;
  solver: number;
  toolSolver: number;
  /** Per difficulty 1–7, the share of tool-solver documents that call the tool. */
  toolUse: readonly number[];
  /** Share of questioner documents that check the question with the tool. */
  questionerToolUse: number;
  /** Weight of each difficulty 1–7. */
  difficultyWeights: readonly number[];
}

export const DEFAULT_CORPUS_MIX: CorpusMix = {
  questioner: 0.15,
  solver: 0.35,
  toolSolver: 0.5,
  toolUse: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
  questionerToolUse: 0.9,
  difficultyWeights: [5, 3, 2, 1.5, 1.5, 2, 2],
};

/**
 * Per-difficulty tool-use shares from "s1,…,s7" (the `--tool-use` of `npm run pretrain`): seven
 * numbers in [0, 1]. Throws, naming the problem, on anything else.
 */
export function parseToolUse(text: string): number[] {
  const shares = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (shares.length !== DIFFICULTIES.length || shares.some((v) => !Number.isFinite(v) || v < 0 || v > 1))
    throw new Error(
      `--tool-use takes ${DIFFICULTIES.length} shares in [0, 1], one per difficulty, separated by commas (got "${text}").`,
    );
  return shares;
}

export type DocumentKind = 'questioner' | 'questioner-tool' | 'solver' | 'tool-call' | 'tool-no-call';

export interface CorpusDocument {
  kind: DocumentKind;
  difficulty: Difficulty;
  text: string;
}

/**
 * One document drawn from the mix: difficulty d by its weights, kind by its shares, then a task; a
 * tool-solver document calls the tool with probability `toolUse[d − 1]`.
 */
export function sampleDocument(rng: Rng, mix: CorpusMix = DEFAULT_CORPUS_MIX): CorpusDocument {
  const difficulty = DIFFICULTIES[rng.weightedIndex(mix.difficultyWeights)] as Difficulty;
  const role = rng.weightedIndex([mix.questioner, mix.solver, mix.toolSolver]);
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
