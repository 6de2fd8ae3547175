/**
 * Sentence BLEU exactly as NLTK 3.8 `sentence_bleu(refs, hyp, weights=(0.25,)*4,
 * smoothing_function=SmoothingFunction().method1)` computes it (docs/algorithms.md §3.3):
 *   BLEU = BP · exp(Σ_n ¼ · log p_n),  n = 1..4
 *   p_n = Σ_g min(count_hyp(g), max_ref count_ref(g)) / max(1, #hyp n-grams)
 *   method 1: a zero numerator becomes ε = 0.1 (the denominator is kept)
 *   BP = 1 if c > r, else exp(1 − r/c), r = the reference length closest to c (ties → shorter)
 *   no matching unigram (including an empty hypothesis) → 0, before any smoothing.
 */

const EPSILON = 0.1;
const MAX_ORDER = 4;

/** Python's `str.split()`: runs of whitespace separate tokens, no empty tokens. */
export function whitespaceTokens(text: string): string[] {
  return text.split(/\s+/).filter((t) => t.length > 0);
}

/** n-gram counts keyed by a collision-free encoding of the token tuple. */
function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = JSON.stringify(tokens.slice(i, i + n));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Clipped n-gram matches and the denominator max(1, #hypothesis n-grams). */
export function modifiedPrecision(
  hyp: readonly string[],
  refs: readonly (readonly string[])[],
  n: number,
): { numerator: number; denominator: number } {
  const counts = ngramCounts(hyp, n);
  const refCounts = refs.map((r) => ngramCounts(r, n));
  let numerator = 0;
  let total = 0;
  for (const [gram, count] of counts) {
    total += count;
    const maxRef = Math.max(0, ...refCounts.map((rc) => rc.get(gram) ?? 0));
    numerator += Math.min(count, maxRef);
  }
  return { numerator, denominator: Math.max(1, total) };
}

/** Length of the reference closest to the hypothesis length, ties to the shorter one. */
export function closestRefLength(refs: readonly (readonly string[])[], hypLength: number): number {
  let best = Infinity;
  for (const r of refs) {
    const d = Math.abs(r.length - hypLength);
    const bd = Math.abs(best - hypLength);
    if (d < bd || (d === bd && r.length < best)) best = r.length;
  }
  return best;
}

/** BP = 1 if c > r; 0 if c = 0; else exp(1 − r/c). */
export function brevityPenalty(refLength: number, hypLength: number): number {
  if (hypLength > refLength) return 1;
  if (hypLength === 0) return 0;
  return Math.exp(1 - refLength / hypLength);
}

/** Sentence BLEU of a tokenised hypothesis against tokenised references (see the module comment). */
export function sentenceBleu(hyp: readonly string[], refs: readonly (readonly string[])[]): number {
  if (refs.length === 0) throw new Error('sentenceBleu: at least one reference is needed.');
  const precisions: { numerator: number; denominator: number }[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) precisions.push(modifiedPrecision(hyp, refs, n));
  if ((precisions[0] as { numerator: number }).numerator === 0) return 0;
  const bp = brevityPenalty(closestRefLength(refs, hyp.length), hyp.length);
  let logSum = 0;
  for (const { numerator, denominator } of precisions) {
    const p = numerator === 0 ? EPSILON / denominator : numerator / denominator;
    logSum += Math.log(p) / MAX_ORDER;
  }
  return bp * Math.exp(logSum);
}
