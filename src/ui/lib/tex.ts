/**
 * The formulas of each chapter as TeX, with this run's numbers substituted. Each symbol is wrapped
 * in \htmlData{term=…} so hovering it lights the marks that feed it.
 */
import { fmt } from './format';

/** A hoverable term. */
export function term(name: string, body: string): string {
  return `\\htmlData{term=${name}}{${body}}`;
}

const n = (x: number, d = 3) => fmt(x, d).replace('−', '-');
/** A number in a sum: "+ 0.2" or "- 0.2". */
const signed = (x: number) => (x < 0 ? `- ${n(-x)}` : `+ ${n(x)}`);

export function uncertaintyTex(p: number): string {
  return `${term('U', 'U')} = \\min(${term('p', 'p')},\\ 1-${term('p', 'p')}) = \\min(${n(p)},\\ ${n(1 - p)}) = ${n(Math.min(p, 1 - p))}`;
}

export function rewardTex(i: number, u: number, weight: number, penalty: number, tool: number, total: number): string {
  return (
    `${term('R', `R_{${i}}`)} = ${term('U', `U_{${i}}`)} - ${n(weight, 0)}\\cdot ${term('pen', `\\tfrac{|C(${i})|}{B}`)} + ${term('tool', `\\text{tool}_{${i}}`)}` +
    ` = ${n(u)} - ${n(weight * penalty)} ${signed(tool)} = ${n(total)}`
  );
}

export function scoreTex(maxCount: number, samples: number): string {
  return `${term('s', 's')} = \\frac{\\max_b |b|}{n} = \\frac{${maxCount}}{${samples}} = ${n(maxCount / samples)}`;
}

export function grpoTex(r: number, mean: number, std: number, a: number): string {
  return (
    `${term('A', 'A_i')} = \\frac{${term('R', 'R_i')} - ${term('mean', '\\mu')}}{${term('std', '\\sigma')} + 10^{-6}}` +
    ` = \\frac{${n(r)} - (${n(mean)})}{${n(std)} + 10^{-6}} = ${n(a)}`
  );
}

export function clipTex(epsLow: number, epsHigh: number, dual: number | null): string {
  const core = `L = \\max\\big(-A\\,${term('rho', '\\rho')},\\ -A\\,\\operatorname{clip}(${term('rho', '\\rho')},\\ ${term('band', n(1 - epsLow, 2))},\\ ${term('band', n(1 + epsHigh, 2))})\\big)`;
  return dual === null ? core : `${core},\\quad A<0:\\ L \\leftarrow \\min(L,\\ -A\\cdot ${term('dual', n(dual, 0))})`;
}

export function adpoTex(s: number, g: number, eps: number, minScale: number): string {
  return (
    `${term('g', 'g(s)')} = ${n(minScale, 1)} + ${n(1 - minScale, 1)}\\cdot\\operatorname{clamp}\\!\\big(\\tfrac{${term('s', n(s))} - 0.3}{0.5},0,1\\big) = ${n(g)}` +
    `\\qquad ${term('eps', '\\varepsilon_{high}(s)')} = 0.2 + 0.1\\cdot\\operatorname{clamp}\\!\\big(\\tfrac{0.8 - ${term('s', n(s))}}{0.5},0,1\\big) = ${n(eps)}`
  );
}

export function adpoAdvantageTex(g: number, a: number): string {
  return `${term('adpo', '\\hat A_i')} = ${term('g', 'g(s)')}\\cdot ${term('grpo', 'A_i')} = ${n(g)} \\cdot ${n(a)} = ${n(g * a)}`;
}
