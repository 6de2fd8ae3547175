/**
 * Forking a run between iterations: the same models, optimizer states, PRNG and trace, continued
 * under settings that differ in the changes asked for (`section.key=value`, the URL's syntax).
 */
import { type Agent0Config, type ConfigOverride, makeConfig } from '../../core/config';
import { ProblemError } from '../../core/problem-error';
import type { Problem } from '../../core/problems';
import { flattenSettings } from './config-diff';
import { parseOverrides } from '../loop/overrides';
import { decodeRun, encodeRun } from './run-checkpoint';

/**
 * The fork's settings: `config` with `changes` laid over it, validated like any settings (every
 * problem named). A change that leaves its setting as it was is refused too, so a fork always
 * differs from its parent. Throws a ProblemError listing every problem (heading `changes`), or the
 * forked settings' ConfigError.
 */
export function forkConfig(config: Agent0Config, changes: readonly string[]): Agent0Config {
  const items = changes.map((c) => c.trim()).filter((c) => c !== '');
  if (items.length === 0) throw new ProblemError([{ kind: 'fork-empty' }]);
  const parsed = parseOverrides(items);
  const override = structuredClone(config) as unknown as Record<string, Record<string, unknown>>;
  const problems: Problem[] = [];
  for (const [section, keys] of Object.entries(parsed)) {
    // Own names only: `constructor`, `toString`, `__proto__` are inherited, not sections or settings.
    const target = Object.hasOwn(override, section) ? override[section] : undefined;
    if (typeof target !== 'object' || target === null) {
      problems.push({ kind: 'fork-unknown-section', section });
      continue;
    }
    for (const [key, value] of Object.entries(keys)) {
      const path = `${section}.${key}`;
      if (!Object.hasOwn(target, key)) problems.push({ kind: 'unknown-setting', path });
      else if (JSON.stringify(target[key]) === JSON.stringify(value))
        problems.push({ kind: 'fork-unchanged', path, value: JSON.stringify(value) });
      else target[key] = value;
    }
  }
  if (problems.length > 0) throw new ProblemError(problems, { heading: 'changes' });
  return makeConfig('faithful', override as ConfigOverride);
}

/** The settings paths a fork changes (for its label and URL), in the order written. */
export function changedPaths(parent: Agent0Config, fork: Agent0Config): string[] {
  const before = new Map(flattenSettings(parent));
  return flattenSettings(fork)
    .filter(([path, value]) => JSON.stringify(before.get(path)) !== JSON.stringify(value))
    .map(([path]) => path);
}

/** A saved run (`saveRun`) re-labelled with the fork's settings, so `restoreRun` accepts it into
 *  an engine built with them. Everything else (models, optimizers, PRNG, trace) is kept byte for byte. */
export function forkCheckpoint(bytes: Uint8Array, config: Agent0Config): Uint8Array {
  const run = decodeRun(bytes);
  return encodeRun({ ...run, header: { ...run.header, config } });
}
