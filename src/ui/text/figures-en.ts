/** English words of the figures' frame, legends, axes and explanations (figures-types.ts). */
import { HARD_DIFFICULTY } from '../../engine/metrics';
import type { FigureTexts } from './figures-types';

export const FIGURES_EN: FigureTexts = {
  tools: (title) => `Figure tools: ${title}`,
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen (Esc)',
  saveSvg: 'Save as SVG',
  savePng: 'Save as PNG (2×)',
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
  flat: (key, value, config) => {
    const once = config && config.questioner.updatesPerStep === 1 && config.executor.updatesPerStep === 1;
    switch (key) {
      case 'clipLowFrac':
        return value === '0'
          ? `Flat: 0 in every iteration. No trained token was clipped at the low edge (ρ < 1 − ε_low where A < 0)${once ? ': each batch trains one update, so ρ = 1' : ''}.`
          : `Flat: ${value} in every iteration.`;
      case 'clipHighFrac':
        return value === '0'
          ? `Flat: 0 in every iteration. No trained token was clipped at the high edge (ρ > 1 + ε_high where A > 0)${once ? ': each batch trains one update, so ρ = 1' : ''}.`
          : `Flat: ${value} in every iteration.`;
      case 'questionerValidRate':
        return value === '1'
          ? 'Flat: 1 in every iteration. Every question the questioner wrote kept the contract.'
          : `Flat: ${value} in every iteration.`;
      case 'pseudoLabelAccuracy':
        return value === '1'
          ? 'Flat: 1 in every iteration. Every pseudo-label equalled the true answer.'
          : `Flat: ${value} in every iteration.`;
      case 'hardAccuracy':
        return value === '0'
          ? `Flat: 0 in every iteration. No held-out question at difficulty ≥ ${HARD_DIFFICULTY} was answered correctly.`
          : `Flat: ${value} in every iteration.`;
      case 'hardToolUse':
        return value === '0'
          ? `Flat: 0 in every iteration. No answer to a held-out question at difficulty ≥ ${HARD_DIFFICULTY} used the tool.`
          : `Flat: ${value} in every iteration.`;
      case 'toolUseRate':
        return value === '0'
          ? 'Flat: 0 in every iteration. No held-out answer used the tool.'
          : `Flat: ${value} in every iteration.`;
      case 'toolCallsPerTask':
        return value === '0'
          ? 'Flat: 0 in every iteration. No executor rollout called the tool.'
          : `Flat: ${value} in every iteration.`;
      default:
        return `Flat: ${value} in every iteration.`;
    }
  },
  gateOff: 'The gate is off in this run (proxy.gate=false): p after the gate is p before it.',
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
};
