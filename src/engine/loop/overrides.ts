/** Per-run overrides written as `section.key=value` (command line, URL), parsed into a nested object. */
import { ProblemError } from '../../core/problem-error';

/** "true"/"false" → boolean, "null" → null, numbers → number, anything else stays a string. */
export function parseOverrideValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

/**
 * ["executor.algorithm=grpo", "proxy.gate=false"] → { executor: { algorithm: 'grpo' }, proxy: { gate: false } }.
 * Throws a ProblemError (`override-syntax`) for an item of another shape. The tables have no
 * prototype, so a name such as `constructor` or `toString` is only ever an own key (which the
 * settings then refuse as unknown), never a way into `Object` or `Object.prototype`.
 */
export function parseOverrides(items: readonly string[]): Record<string, Record<string, unknown>> {
  const out = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const item of items) {
    const m = /^([a-zA-Z]+)\.([a-zA-Z]+)=(.*)$/.exec(item);
    if (!m) throw new ProblemError([{ kind: 'override-syntax', item }]);
    const [, section, key, value] = m as unknown as [string, string, string, string];
    if (!Object.hasOwn(out, section)) out[section] = Object.create(null) as Record<string, unknown>;
    (out[section] as Record<string, unknown>)[key] = parseOverrideValue(value);
  }
  return out;
}
