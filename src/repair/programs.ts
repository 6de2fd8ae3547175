/**
 * The Python the repair environment and its judge send to the sandbox, and how their printed
 * output is read. Snippets travel as JSON string literals (valid Python literals). The sandbox
 * offers `syntax_check(text)` (compile, discard) and a guarded `exec`.
 */

const literal = (text: string): string => JSON.stringify(text);

/** Prints "ok", or the error class and line: "SyntaxError 2". */
export function checkProgram(source: string): string {
  return [
    `SRC = ${literal(source)}`,
    'try:',
    '    syntax_check(SRC)',
    "    print('ok')",
    'except SyntaxError as e:',
    '    print(type(e).__name__, e.lineno)',
  ].join('\n');
}

/** Runs the snippet with fresh globals; prints "ok", "SyntaxError 2", "NameError c" or the exception's class. */
export function runProgram(source: string): string {
  return [
    `SRC = ${literal(source)}`,
    'try:',
    '    exec(SRC, {})',
    "    print('ok')",
    'except SyntaxError as e:',
    '    print(type(e).__name__, e.lineno)',
    'except NameError as e:',
    "    print('NameError', e.name)",
    'except Exception as e:',
    '    print(type(e).__name__)',
  ].join('\n');
}

/**
 * The judge: compiles the candidate; runs candidate and ground truth as programs with fresh globals,
 * module level included; a candidate whose module level raises (a failing assert of its own, an
 * exception after the definitions) is not repaired, whatever its function returns. Otherwise it
 * calls the function on every input and compares what each call returns or raises. Last line:
 * "JUDGE nocompile | raises <ExceptionClass> | differ | match" (after a line break, so that a
 * snippet's own output cannot run into it).
 */
export function judgeProgram(
  candidate: string,
  truth: string,
  fname: string,
  inputs: readonly (readonly number[])[],
): string {
  const args = inputs.map((a) => `(${a.join(',')}${a.length === 1 ? ',' : ''})`).join(', ');
  return [
    `CAND = ${literal(candidate)}`,
    `TRUTH = ${literal(truth)}`,
    `INPUTS = [${args}]`,
    'def behave(src):',
    '    try:',
    '        syntax_check(src)',
    '    except SyntaxError:',
    "        return 'nocompile'",
    '    ns = {}',
    '    try:',
    '        exec(src, ns)',
    '    except Exception as e:',
    "        return 'raises ' + type(e).__name__",
    `    fn = ns.get(${literal(fname)})`,
    '    out = []',
    '    for a in INPUTS:',
    '        try:',
    '            out.append(repr(fn(*a)))',
    '        except Exception as e:',
    '            out.append(type(e).__name__)',
    '    return out',
    'cand = behave(CAND)',
    "verdict = cand if isinstance(cand, str) else ('match' if cand == behave(TRUTH) else 'differ')",
    'print()',
    "print('JUDGE', verdict)",
  ].join('\n');
}

/** The observation text of a check or run program's output: "ok", "SyntaxError line 2", "NameError c", … */
export function observationFromOutput(stdout: string): string {
  const line = stdout.trim().split('\n').pop() ?? '';
  const m = /^(\w+Error) (\d+)$/.exec(line);
  const text = m ? `${m[1]} line ${m[2]}` : line;
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 40) || 'no output';
}

export type JudgeVerdict = 'nocompile' | 'raises' | 'differ' | 'match';

/** The judge's answer: its verdict and, for `raises`, the exception class the snippet's module level raised. */
export interface JudgeResult {
  verdict: JudgeVerdict;
  raised?: string;
}

/** The verdict on the judge's last output line; throws when there is none. */
export function verdictFromOutput(stdout: string): JudgeResult {
  const last = stdout.trim().split('\n').pop() ?? '';
  const m = /^JUDGE (nocompile|differ|match|raises (\w+))$/.exec(last);
  if (!m) throw new Error(`judge: unreadable output ${JSON.stringify(last.slice(0, 80))}.`);
  return m[2] ? { verdict: 'raises', raised: m[2] } : { verdict: m[1] as JudgeVerdict };
}
