/**
 * The names of the formula terms on the page: the TeX wraps each in \htmlData{term=…}
 * (src/ui/lib/tex.ts) and every mark names the terms it feeds (src/ui/primitives/hover.svelte.ts), so
 * hovering a term lights the marks that feed it. One list, so a misspelt name is a type error.
 */
export const FORMULA_TERMS = [
  /** p: the solver proxy's agreement after the gate (§2.3). */
  'p',
  /** The gate's threshold proxy.gateMinP (§2.3). */
  'gate',
  /** U(p): the uncertainty reward (§3.2). */
  'U',
  /** R_i: a curriculum reward (§3), or a GRPO group's rewards (§4.1). */
  'R',
  /** The repetition penalty |C(i)| / B (§3.4). */
  'pen',
  /** The tool reward (§3.5). */
  'tool',
  /** s: a question's self-labelling score (§2.2). */
  's',
  /** r_i: the executor's ±1 reward (§1.5). */
  'r',
  /** A_i: the group-relative advantage (§4.1). */
  'A',
  /** μ and σ of a group (§4.1). */
  'mean',
  'std',
  /** ρ, the probability ratio, and the clip band's ends (§4.2). */
  'rho',
  'band',
  /** The dual-clip constant c (§4.2). */
  'dual',
  /** ADPO's advantage scale g(s) and upper clip ε_high(s) (§5.1, §5.3). */
  'g',
  'eps',
  /** ADPO's advantage Â_i = g(s)·A_i, and the plain GRPO advantage beside it (§5.2). */
  'adpo',
  'grpo',
] as const;

export type FormulaTerm = (typeof FORMULA_TERMS)[number];
