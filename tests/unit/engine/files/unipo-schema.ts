/**
 * The required fields and types of UNIPO's run log, written from reading poloclub/unipo (not copied:
 * the repository carries no licence): `docs/canonical_schema.json` (an annotated example: a header,
 * one entry per update with `policy_objective` and `reward` required among its metrics, prompts with
 * their groups of responses whose `tokens` require `ids` and `strings`), `scripts/build_data.py`
 * (which refuses a file without `header.algorithm` or with `entries` not a list, and skips an entry
 * without `step`) and `src/lib/radial-chart/types.ts` (metrics are numbers; a response has an `id` and
 * a numeric `reward`; every token array has one value per response token).
 * Returns the problems found, each with the path of the field; none for a file UNIPO can open.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** UNIPO's per-token series of numbers (types.ts `TokenSeries`). */
const NUMERIC_TOKEN_SERIES = [
  'log_probs',
  'ref_log_probs',
  'old_log_probs',
  'values',
  'advantages',
  'returns',
  'token_kl',
  'rewards',
  'prob',
  'token_objective',
  'token_loss',
] as const;

export function unipoProblems(file: unknown): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, path: string, what: string) => {
    if (!ok) problems.push(`${path}: ${what}`);
  };
  if (!isObject(file)) return ['(root): not an object'];
  const header = file.header;
  need(isObject(header), 'header', 'not an object');
  if (isObject(header)) {
    need(isString(header.algorithm) && header.algorithm.trim() !== '', 'header.algorithm', 'missing or empty');
    for (const k of ['task', 'dataset', 'reward_strategy', 'model_name', 'reference_model_name'])
      need(header[k] === undefined || isString(header[k]), `header.${k}`, 'not a string');
    need(header.totalSteps === undefined || isNumber(header.totalSteps), 'header.totalSteps', 'not a number');
    need(header.hparams === undefined || isObject(header.hparams), 'header.hparams', 'not an object');
  }
  const entries = file.entries;
  need(Array.isArray(entries), 'entries', 'not a list');
  if (!Array.isArray(entries)) return problems;
  entries.forEach((e: unknown, i) => {
    const at = `entries[${i}]`;
    if (!isObject(e)) return need(false, at, 'not an object');
    need(isNumber(e.step), `${at}.step`, 'missing or not a number');
    const flag = e.is_first_step_after_rollout_phase;
    need(flag === undefined || typeof flag === 'boolean', `${at}.is_first_step_after_rollout_phase`, 'not a boolean');
    const m = e.metrics;
    if (!isObject(m)) return need(false, `${at}.metrics`, 'not an object');
    need(isNumber(m.policy_objective), `${at}.metrics.policy_objective`, 'required number');
    need(isNumber(m.reward), `${at}.metrics.reward`, 'required number');
    for (const [k, v] of Object.entries(m)) need(isNumber(v), `${at}.metrics.${k}`, 'not a number');
    if (e.prompts === undefined) return;
    if (!Array.isArray(e.prompts)) return need(false, `${at}.prompts`, 'not a list');
    e.prompts.forEach((p: unknown, j) => {
      const pat = `${at}.prompts[${j}]`;
      if (!isObject(p)) return need(false, pat, 'not an object');
      need(isString(p.prompt), `${pat}.prompt`, 'not a string');
      if (!Array.isArray(p.responses) || p.responses.length === 0)
        return need(false, `${pat}.responses`, 'not a non-empty list');
      p.responses.forEach((r: unknown, k) => {
        const rat = `${pat}.responses[${k}]`;
        if (!isObject(r)) return need(false, rat, 'not an object');
        need(isString(r.id), `${rat}.id`, 'not a string');
        need(isNumber(r.reward), `${rat}.reward`, 'not a number');
        need(r.advantage === undefined || isNumber(r.advantage), `${rat}.advantage`, 'not a number');
        need(r.response_text === undefined || isString(r.response_text), `${rat}.response_text`, 'not a string');
        need(r.response_length === undefined || isNumber(r.response_length), `${rat}.response_length`, 'not a number');
        const t = r.tokens;
        if (t === undefined) return;
        if (!isObject(t)) return need(false, `${rat}.tokens`, 'not an object');
        need(Array.isArray(t.ids) && t.ids.every((x) => Number.isInteger(x)), `${rat}.tokens.ids`, 'required integers');
        need(Array.isArray(t.strings) && t.strings.every(isString), `${rat}.tokens.strings`, 'required strings');
        const n = Array.isArray(t.ids) ? t.ids.length : -1;
        for (const [key, v] of Object.entries(t))
          need(Array.isArray(v) && v.length === n, `${rat}.tokens.${key}`, `not one value per token (${n})`);
        for (const key of NUMERIC_TOKEN_SERIES)
          need(
            t[key] === undefined || (Array.isArray(t[key]) && t[key].every(isNumber)),
            `${rat}.tokens.${key}`,
            'not numbers',
          );
        need(
          r.response_length === undefined || r.response_length === n,
          `${rat}.response_length`,
          'not the token count',
        );
      });
    });
  });
  return problems;
}
