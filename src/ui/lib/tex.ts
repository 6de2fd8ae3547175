/**
 * The formulas of each chapter as TeX, with this run's settings and numbers substituted: every
 * constant printed comes from an argument (the run's config or a record), none is written here, and
 * every value is the record's or the core's (src/core), never computed again here. Each symbol is
 * wrapped in \htmlData{term=…} (a FormulaTerm) so hovering it lights the marks that feed it.
 */
import type { AdpoSettings } from '../../core/adpo';
import type { FormulaTerm } from '../../core/formula-terms';
import { type UncertaintyScale, uncertainty } from '../../core/reward';
import type { ProxyResult } from '../../engine/loop/trace';
import { checkedDigits, fmt, MAX_TERM_DIGITS } from './format';

/** The few words inside formulas (\\text{…}), in the page's language. */
export interface TexWords {
  majorityIsOwn: string;
  otherwise: string;
  matchesLabel: string;
  otherwiseNoBox: string;
}

/** A hoverable term. */
export function term(name: FormulaTerm, body: string): string {
  return `\\htmlData{term=${name}}{${body}}`;
}

const n = (x: number, d = 3) => fmt(x, d).replace('−', '-');
/** A setting as written: the shortest decimal (0.3, not 0.300). */
export const k = (x: number) => String(Number(x.toPrecision(12)));
/** A number in a sum: "+ 0.2" or "- 0.2". */
const signed = (x: number, d = 3) => (x < 0 ? `- ${n(-x, d)}` : `+ ${n(x, d)}`);

/** U(p) on the run's scale: min(p, 1 − p), or the paper's 1 − 2|p − ½| (docs/algorithms.md §3.2). */
export function uncertaintyTex(p: number, scale: UncertaintyScale): string {
  const P = term('p', 'p');
  const u = uncertainty(p, scale);
  const rule =
    scale === 'min'
      ? `\\min(${P},\\ 1-${P}) = \\min(${n(p)},\\ ${n(1 - p)})`
      : `1 - 2\\,|${P} - 0.5| = 1 - 2\\,|${n(p)} - 0.5|`;
  return `${term('U', 'U')} = ${rule} = ${n(u)}`;
}

/**
 * The released gate on the proxy's p (docs/algorithms.md §2.3): p = p_raw when the majority agrees
 * with the questioner's own answer and p_raw > minP, else 0; without the gate (`minP` null) p = p_raw.
 * The result is the record's (`proxyScore` decided it).
 */
export function gateTex(minP: number | null, r: Pick<ProxyResult, 'rawP' | 'p' | 'gated'>, words: TexWords): string {
  const p = term('p', 'p');
  if (minP === null) return `${p} = \\hat p = ${n(r.rawP, 2)}`;
  return (
    `${p} = \\begin{cases} \\hat p & \\text{${words.majorityIsOwn}},\\ \\hat p > ${term('gate', k(minP))} \\\\ 0 & \\text{${words.otherwise}} \\end{cases}` +
    ` = ${r.gated ? '0' : n(r.p, 2)}`
  );
}

/**
 * R_i = U_i − w·|C(i)|/B + tool_i with the record's parts; the parts are printed with as many
 * decimals (three at least) as it takes for their printed sum to give the printed three-decimal R_i.
 */
export function rewardTex(i: number, u: number, weight: number, penalty: number, tool: number, total: number): string {
  const d = checkedDigits(
    [u, weight * penalty, tool],
    ([a, b, c]) => (a as number) - (b as number) + (c as number),
    total,
    3,
    () => 3,
  );
  const dd = d ?? MAX_TERM_DIGITS;
  return (
    `${term('R', `R_{${i}}`)} = ${term('U', `U_{${i}}`)} - ${k(weight)}\\cdot ${term('pen', `\\tfrac{|C(${i})|}{B}`)} + ${term('tool', `\\text{tool}_{${i}}`)}` +
    ` = ${n(u, dd)} - ${n(weight * penalty, dd)} ${signed(tool, dd)} ${d === null ? '\\approx' : '='} ${n(total)}`
  );
}

/** tool_i = per-call · min(N_i, cap) (docs/algorithms.md §3.5). */
export function toolTex(perCall: number, cap: number): string {
  return `${term('tool', '\\text{tool}_i')} = ${k(perCall)}\\cdot\\min(N_i,\\ ${k(cap)})`;
}

export function scoreTex(maxCount: number, samples: number): string {
  return `${term('s', 's')} = \\frac{\\max_b |b|}{n} = \\frac{${maxCount}}{${samples}} = ${n(maxCount / samples)}`;
}

/** The executor's reward (docs/algorithms.md §5): +1 when its boxed answer matches the pseudo-label, else −1. */
export function executorRewardTex(words: TexWords): string {
  return `${term('r', 'r_i')} = \\begin{cases} +1 & \\text{${words.matchesLabel}} \\\\ -1 & \\text{${words.otherwiseNoBox}} \\end{cases}`;
}

/**
 * A_i = (R_i − μ)/(σ + 10⁻⁶) with the record's numbers. R_i, μ and σ are printed with as many
 * decimals as it takes (three at least) for the printed terms to give the printed three-decimal A_i
 * (0.0193, 0.0233 and 0.0420 printed as 0.019, 0.023, 0.042 give −0.095, not the true −0.112);
 * where no number of decimals up to MAX_TERM_DIGITS does,
 * the equation says ≈ instead of = before the record’s value.
 */
export function grpoTex(r: number, mean: number, std: number, a: number): string {
  const combine = ([x, m, sd]: number[]) => ((x as number) - (m as number)) / ((sd as number) + 1e-6);
  const d = checkedDigits([r, mean, std], combine, a, 3, () => 3);
  const t = (x: number) => n(x, d ?? MAX_TERM_DIGITS);
  return (
    `${term('A', 'A_i')} = \\frac{${term('R', 'R_i')} - ${term('mean', '\\mu')}}{${term('std', '\\sigma')} + 10^{-6}}` +
    ` = \\frac{${t(r)} - (${t(mean)})}{${t(std)} + 10^{-6}} ${d === null ? '\\approx' : '='} ${n(a)}`
  );
}

export function clipTex(epsLow: number, epsHigh: number, dual: number | null): string {
  const core = `L = \\max\\big(-A\\,${term('rho', '\\rho')},\\ -A\\,\\operatorname{clip}(${term('rho', '\\rho')},\\ ${term('band', k(1 - epsLow))},\\ ${term('band', k(1 + epsHigh))})\\big)`;
  return dual === null ? core : `${core},\\quad A<0:\\ L \\leftarrow \\min(L,\\ -A\\cdot ${term('dual', k(dual))})`;
}

/**
 * The executor's update under GRPO (docs/algorithms.md §4.1, §4.2): A_i = (r_i − μ)/(σ + 10⁻⁶) used as
 * it is, every sequence clipped to the same band [1 − ε_low, 1 + ε_high] (and the dual clip when set).
 */
export function executorGrpoTex(epsLow: number, epsHigh: number, dual: number | null): string {
  const advantage = `${term('A', 'A_i')} = \\frac{${term('r', 'r_i')} - ${term('mean', '\\mu')}}{${term('std', '\\sigma')} + 10^{-6}}`;
  return `\\begin{aligned}&${advantage} \\\\ &${clipTex(epsLow, epsHigh, dual)}\\end{aligned}`;
}

/**
 * g(s) = m + (1 − m)·clamp((s − lo)/(hi − lo), 0, 1) and
 * ε_high(s) = ε_min + span·clamp((top − s)/width, 0, 1), every constant from the run's options.
 * s is printed with four decimals so that the printed terms give the printed three-decimal results
 * (s = 5/9 printed as 0.556 would give g = 0.805 against the true 0.804).
 */
export function adpoTex(s: number, g: number, eps: number, o: AdpoSettings): string {
  const S = term('s', n(s, 4));
  return (
    `\\begin{aligned}${term('g', 'g(s)')} &= ${k(o.minScale)} + ${k(1 - o.minScale)}\\cdot\\operatorname{clamp}\\!\\big(\\tfrac{${S} - ${k(o.trustLow)}}{${k(o.trustHigh - o.trustLow)}},0,1\\big) = ${n(g)} \\\\` +
    `${term('eps', '\\varepsilon_{high}(s)')} &= ${k(o.epsHighMin)} + ${k(o.epsHighSpan)}\\cdot\\operatorname{clamp}\\!\\big(\\tfrac{${k(o.clipScoreHigh)} - ${S}}{${k(o.clipScoreSpan)}},0,1\\big) = ${n(eps)}\\end{aligned}`
  );
}

/** Â_i = g(s)·A_i with the update's g(s), the plain GRPO A_i and the Â_i the update used (docs/algorithms.md §5.2). */
export function adpoAdvantageTex(g: number, a: number, used: number): string {
  // g(s) and A_i with as many decimals as it takes for their printed product to give the printed Â_i.
  const d = checkedDigits(
    [g, a],
    ([x, y]) => (x as number) * (y as number),
    used,
    3,
    () => 3,
  );
  const dd = d ?? MAX_TERM_DIGITS;
  return `${term('adpo', '\\hat A_i')} = ${term('g', 'g(s)')}\\cdot ${term('grpo', 'A_i')} = ${n(g, dd)} \\cdot ${n(a, dd)} ${d === null ? '\\approx' : '='} ${n(used)}`;
}
