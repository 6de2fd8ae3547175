/** English: the notes beside the views, each saying what this run does where Agent0's sources differ. */
import type { NoteTexts } from './page-types';
import { num } from '../lib/format';

export const NOTES_EN: NoteTexts = {
  questionerFrozen:
    'This run does not train the questioner («questioner.train = false», Table 3’s ablation): its advantages are computed and shown, no update is made.',
  firstUpdate: (updates, kl) =>
    `On the first mini-batch update of a batch the policy has not moved yet, so ρ ≡ 1 for every token and nothing is clipped: the loss is −mean(A) plus ${kl} × the KL to the iteration's reference model. That KL is 0 only until the questioner's first update of the iteration. ` +
    (updates === 1
      ? 'This run makes one update per batch, so ρ never leaves 1 and no clip fires.'
      : `This run makes ${updates} updates per batch: from the second one on, ρ leaves 1 and the clip can act.`),
  executorSchedule: (updates) =>
    updates === 1
      ? 'This run’s executor makes one update per batch, as Agent0’s executor script does (its mini-batch is the whole batch). At that update ρ ≡ 1, so no clip fires, ε_high(s) included: only g(s) changes what the executor learns.'
      : `This run’s executor makes ${updates} updates per batch (Agent0’s executor script makes one): after the first, ρ moves away from 1 and the clip band, with ε_high(s), can act.`,
  released: (e, a) =>
    !a.released
      ? `As released, Agent0’s executor trainer never selects the ${a.name} loss and runs GRPO with a symmetric 0.2 clip and dual clip 3. This run uses ${a.inPaper ? 'the rule the paper describes' : `${a.name}, which the paper does not describe`} («executor.algorithm = ${a.id}»).`
      : `This run’s executor uses ${a.name}, as the released trainer does: clip [${+(1 - e.epsLow).toFixed(4)}, ${+(1 + e.epsHigh).toFixed(4)}]${e.dualClip === null ? ', no dual clip' : `, dual clip ${e.dualClip}`}; g(s) and ε_high(s) are not applied.`,
  releaseMode: (mode) =>
    mode === 'as-released'
      ? 'This run reproduces Agent0’s released behaviour («release.mode = as-released»).'
      : `This run follows Agent0’s stated intent («release.mode = ${mode}»).`,
  noCurated: 'No question fell inside the curation band, so the executor was not updated.',
  executorGrpo: (c, a) =>
    `This run’s executor is updated by ${a.name} («executor.algorithm = ${a.id}»), not ADPO: no g(s) scales its advantages and no ε_high(s) widens its clip. Every group’s advantages are used as they are, and every sequence is clipped to the same band [${num(1 - c.epsLow)}, ${num(1 + c.epsHigh)}]${c.dualClip === null ? ', with no dual clip' : `, with dual clip c = ${num(c.dualClip)}`}.`,
  noSignal: 'All rewards in this group are equal: every advantage is 0.',
  oracle: 'true answer (the simulator’s oracle)',
  gate: (gate, minP) =>
    gate
      ? `The gate: p counts only when the proxy’s majority agrees with the questioner’s own boxed answer and p > ${minP}; otherwise p = 0 and so U = 0.`
      : 'The gate is off in this run: p is used as the proxy measured it.',
  golden: (mode) =>
    mode === 'last-character'
      ? 'This run reads the questioner’s answer as the released code does: only its last character, so the gate passes almost only when the answer is one character long.'
      : 'The released code keeps only the last character of the questioner’s boxed answer, so its gate almost never passes unless the answer is one character long. This run compares the whole answer.',
  toolSource: (source) =>
    source === 'as-released'
      ? 'This run counts the tool term as released: «```output» blocks in the questioner’s own text. The released questioner runs no programs, so there the term is about 0; here the questioner may run programs while it writes, so the term counts the programs it ran to check its question.'
      : 'The tool term here counts the calls the solver proxy actually ran on the question, as the paper defines it. The released code counts «```output» blocks in the questioner’s own text, about 0 there, where the questioner runs no programs.',
  unchecked: (mode) =>
    mode === 'violation'
      ? 'This run asks the questioner to check its question: a sample that ran no program while it wrote breaks the contract (U = −1). Neither the paper nor the released code has this rule (the released questioner has no tool); without it the questioner stops computing its answers after a few iterations.'
      : 'A questioner sample that ran no program is scored like any other, as in the paper.',
  unreadable: (mode) =>
    mode === 'violation'
      ? 'This run also asks for a question the task family’s oracle can read: a sample whose question it cannot read (a name never defined, a frame the family does not have) breaks the contract (U = −1). Neither the paper nor the released code has an oracle; without the rule the questioner leaves the family once it reaches the top levels, paid for malformed text the executor splits on.'
      : 'A questioner sample whose question the oracle cannot read is scored like any other, as in the paper and the released code.',
  toolWeight: (perCall, released, paper) =>
    perCall === 0
      ? `This run has no tool term (0 per call), the setting of Table 3’s ablation without the tool reward. Agent0’s released code weighs each call ${num(released)}, the paper ${num(paper)} (λ_tool).`
      : perCall === released
        ? `The tool term weighs each call ${num(perCall)}, as Agent0’s released code does; the paper’s λ_tool is ${num(paper)}.`
        : perCall === paper
          ? `The tool term weighs each call ${num(perCall)}, the paper’s λ_tool; Agent0’s released code uses ${num(released)}.`
          : `The tool term weighs each call ${num(perCall)} here («reward.toolRewardPerCall»), neither Agent0’s released ${num(released)} nor the paper’s λ_tool of ${num(paper)}.`,
  labellingMode: (mode) =>
    mode === 'tool'
      ? 'Agent0’s released code self-labels with the plain solver (no tools) although the executor trains and answers with the tool. This run labels with the tool, so the label comes from the same solver that is trained.'
      : 'This run self-labels with the plain solver, as the released code does; the executor still trains with the tool.',
  evaluators: (c) =>
    `Two evaluators run at different times. Inside the curriculum reward, ${c.proxy.candidates} candidates of the tool solver give p; after the questioner’s training, ${c.labelling.samples} samples ${c.labelling.mode === 'tool' ? 'of the tool solver' : 'of the plain solver'} label the pool and give s. The chapter 9 article has it the other way round: it runs the 9-sample evaluation inside the questioner’s training and lets the 10-candidate tool run replace it when executor data are made. In the code (the curriculum script starts the tool server; the README’s curation step calls «evaluate.py»), the 10 candidates serve the curriculum reward and the 9 samples make the labels.`,
  curationBound: (min, max) =>
    `Agent0’s «upload.py» keeps 0.3 ≤ s ≤ 0.7 by default; the README’s run passes 0.8 as the upper bound. This run keeps ${min} ≤ s ≤ ${max}. The kept questions, with their pseudo-labels and scores, go to a Parquet file that the executor trainer reads; Export writes the same file for this run.`,
};
