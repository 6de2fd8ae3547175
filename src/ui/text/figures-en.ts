/** English words of the figures' frame, legends, axes and explanations (figures-types.ts). */
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import type { FigureTexts } from './figures-types';

export const FIGURES_EN: FigureTexts = {
  tools: (title) => `Figure tools: ${title}`,
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen (Esc)',
  saveSvg: 'SVG: save as a vector image',
  savePng: 'PNG: save as an image (2×)',
  nothingToDraw: 'This figure is text, a table or a formula: there is no drawing to save as an image.',
  exportFailed: (reason) => `The image could not be made: ${reason}`,
  adpo: {
    g: 'g(s): scale of the advantage',
    eps: 'ε_high(s): upper clip',
    trust: 'trust band (g rises)',
    markG: 'question: g(s)',
    markEps: 'question: ε_high(s)',
    sAxis: 's = share of the nine votes for the pseudo-label',
  },
  loopSteps: (role, steps, first, last) =>
    `${role}: ${first === last ? `phase ${first} runs` : `phases ${first}–${last} run`} ${steps === 1 ? 'once' : `${steps} times`} per iteration`,
  gateZero: ({ disagrees, tooLow, minP }) =>
    `→ 0: the gate${disagrees ? ' (majority ≠ questioner’s answer)' : ''}${disagrees && tooLow ? ' and' : ''}${tooLow ? ` (p ≤ ${minP})` : ''}`,
  groupAxes: { reward: 'R (reward)', advantage: 'A (advantage)' },
  flatLead: (value) => `Flat: ${value} in every iteration.`,
  flatWhy: {
    clipLowFrac: (once) =>
      `No trained token was clipped at the low edge (ρ < 1 − ε_low where A < 0)${once ? ': each batch trains one update, so ρ = 1' : ''}.`,
    clipHighFrac: (once) =>
      `No trained token was clipped at the high edge (ρ > 1 + ε_high where A > 0)${once ? ': each batch trains one update, so ρ = 1' : ''}.`,
    questionerValidRate: () => 'Every question the questioner wrote kept the contract.',
    pseudoLabelAccuracy: () => 'Every pseudo-label equalled the true answer.',
    hardAccuracy: () => `No held-out question at difficulty ≥ ${HARD_DIFFICULTY} was answered correctly.`,
    hardToolUse: () => `No answer to a held-out question at difficulty ≥ ${HARD_DIFFICULTY} used the tool.`,
    toolUseRate: () => 'No held-out answer used the tool.',
    toolCallsPerTask: () => 'No executor rollout called the tool.',
  },
  gateOff: (metric) =>
    `${metric}: not drawn. The gate is off in this run (proxy.gate=false): p after the gate is p before it, and the gate holds no question back.`,
  panelSmall: (top) => `Drawn on 0–${top}, not 0–1: every value is below ${top}.`,
  panelNearMax: (bottom) => `The axis starts at ${bottom}, not 0: every value lies close to the largest.`,
  repairProgress: (p) => {
    switch (p.stage) {
      case 'backend':
        return 'Choosing where to compute…';
      case 'model':
        return 'Loading the agent…';
      case 'baseline':
        return 'Starting Python and evaluating the base model…';
      case 'training':
        return `Training: iteration ${p.done + 1} of ${p.total}…`;
      case 'stopping':
        return `Stopping after this iteration (${p.done} of ${p.total} done)…`;
      case 'finished':
        return `Finished: ${p.done} of ${p.total} iterations.`;
      case 'stopped':
        return `Stopped after ${p.done} of ${p.total} iterations.`;
    }
  },
  poolWrong: (wrong, total) =>
    wrong === 0
      ? `The oracle finds every answer the questioner gave right (${total} of ${total}).`
      : `The questioner’s own answer is wrong in ${wrong} of ${total} (marked ✗). The pool keeps every question that parses; the executor never sees this answer, it learns from the pseudo-label of its own votes (self-labelling).`,
  poolTruth: (truth) => `wrong, true answer ${truth}`,
  ratio: {
    xAxis: 'tokens the model wrote, sequence after sequence (each shaded band is one sequence’s clip band)',
    yAxis: 'ρ = π_new / π_old',
    unclipped: (n) =>
      `${n === 0 ? 'No point lies' : n === 1 ? 'One point lies' : `${n} points lie`} outside its band without being clipped. The clip binds only where the advantage’s sign would push ρ further out: above the band when A > 0, below it when A < 0 (PPO takes the larger of the clipped and the unclipped loss). A token above its band with A < 0 is pushed back down, so its gradient is kept and it reads “not clipped”.`,
  },
};
