/**
 * Programs like a run's tool calls, run once by each Python worker as it boots (runtime.ts), before
 * it says it is ready: the browser compiles the interpreter's hot code to optimised machine code
 * only once that code has run for a while, and without this that compiling fell in the first
 * iteration, on threads the engine needed (docs/performance.md). Every program is different, so the
 * parser and compiler run each time as they do for a model's program; some of them fail, as a
 * model's programs often do, so that the error path is warm too.
 */
export function warmUpPrograms(count = 48): string[] {
  return Array.from({ length: count }, (_, i) => {
    const [a, b, c] = [i + 3, ((i * 7) % 23) + 2, ((i * 5) % 11) + 1];
    switch (i % 6) {
      case 0:
        return `print(${a} * ${b} - ${c})`;
      case 1:
        return `print(${a} - (${b} - ${c} * ${a}))`;
      case 2:
        return `from fractions import Fraction as F\nprint((F(${a}) + F(${b})) / F(${c}))`;
      case 3:
        return `x = ${a} + ${b}\nprint(x * ${c} - x)`;
      case 4:
        return `print(${a} / 0)`;
      default:
        return `print(${a} + )`;
    }
  });
}
