/**
 * How the page bench's payload travels to the device machine (prepare-page-bench.ts,
 * page-bench.sh): a call carries the working tree, the paths it names, and nothing more, at most
 * `CALL_LIMIT` bytes in all. Each part rides in a call of its own; the last call carries .gl/ too.
 */

/** What one device call may carry, working tree included (the device tool's README). */
export const CALL_LIMIT = 64 * 2 ** 20;
/** Room kept for files the tree gains between staging and the calls. */
export const MARGIN = 2 * 2 ** 20;

/**
 * The largest part: CALL_LIMIT − tree − .gl − MARGIN bytes, rounded down to a whole MiB (every call
 * is planned as if it were the last, so the parts are interchangeable). Throws when less than
 * 8 MiB would be left, which would take more calls than a machine stays warm for.
 */
export function partBudget(treeBytes: number, glBytes: number): number {
  const left = CALL_LIMIT - treeBytes - glBytes - MARGIN;
  const budget = Math.floor(left / 2 ** 20) * 2 ** 20;
  if (budget < 8 * 2 ** 20)
    throw new Error(`only ${(left / 2 ** 20).toFixed(1)} MiB is left for a part beside the working tree and .gl/`);
  return budget;
}

/** The device tool's calls, in order: every part but the last staged, then the last staged and run. */
export function callCommands(parts: readonly string[]): string[] {
  return parts.map((p, i) => {
    const last = i === parts.length - 1;
    const carry = [`.device-stage/${p}`, '.device-stage/manifest.txt', ...(last ? ['.gl'] : [])];
    const command = `bash scripts/device/page-bench.sh stage ${p}${last ? ' && bash scripts/device/page-bench.sh run' : ''}`;
    return JSON.stringify({ command, carry, timeout_s: last ? 600 : 120 });
  });
}
