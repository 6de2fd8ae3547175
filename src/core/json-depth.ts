/** How deep a parsed JSON value nests, measured without recursion (so no depth overflows the stack). */

/** Whether `value` nests at most `limit` objects or arrays deep (a scalar is depth 0, `[]` depth 1). */
export function depthAtMost(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (d > limit) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return true;
}
