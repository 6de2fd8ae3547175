/** Positions of the ten phases on the loop diagram: an ellipse, clockwise from the top left. */
export interface LoopNode {
  x: number;
  y: number;
}

export function loopLayout(count: number, width: number, height: number): LoopNode[] {
  const cx = width / 2;
  const cy = height / 2;
  const rx = width / 2 - 80;
  const ry = height / 2 - 26;
  return Array.from({ length: count }, (_, i) => {
    const a = -Math.PI / 2 - Math.PI / count + (2 * Math.PI * (i + 0.5)) / count;
    return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) };
  });
}
