/** The code-repair task family: template arithmetic, defect mutations and generated tasks (hand-checked values). */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import { DEFECT_KINDS, SYNTAX_DEFECTS, breakLine, generateRepairTask } from '../../../../src/core/repair/tasks';
import { TEMPLATES, evalChain } from '../../../../src/core/repair/templates';
import { formatAction, parseAction, repairPrompt, repairVocabulary } from '../../../../src/core/repair/actions';
import { Tokenizer } from '../../../../src/core/tokenizer';

describe('templates evaluate like Python', () => {
  it('follows precedence: * before + and −, left to right otherwise', () => {
    expect(evalChain(2, '+', 3, '*', 4)).toBe(14); // 2 + 12
    expect(evalChain(2, '*', 3, '+', 4)).toBe(10);
    expect(evalChain(5, '-', 2, '-', 1)).toBe(2); // (5 − 2) − 1
    expect(evalChain(5, '-', 2, '*', 3)).toBe(-1);
  });

  it('renders and evaluates the loop template', () => {
    const slots = { op1: '+' as const, op2: '+' as const, k1: 1, k2: 1, lo: 1, inclusive: 1 };
    expect(TEMPLATES.loop.render(slots, 'g')).toEqual([
      'def g(n):',
      ' s=0',
      ' for i in range(1,n+1):',
      '  s+=i',
      ' return s',
    ]);
    expect(TEMPLATES.loop.evaluate(slots, [4])).toBe(10); // 1+2+3+4
    expect(TEMPLATES.loop.evaluate({ ...slots, op1: '*' }, [4])).toBe(24); // 4!
    expect(TEMPLATES.loop.evaluate({ ...slots, lo: 0, inclusive: 0 }, [4])).toBe(6); // 0+1+2+3
  });

  it('picks the larger or the smaller argument', () => {
    const slots = { op1: '+' as const, op2: '+' as const, k1: 1, k2: 1, lo: 0, inclusive: 0 };
    expect(TEMPLATES.pick.render(slots, 'f')).toEqual(['def f(a,b):', ' if a>b:', '  return a', ' return b']);
    expect(TEMPLATES.pick.evaluate(slots, [3, 8])).toBe(8);
    expect(TEMPLATES.pick.evaluate({ ...slots, lo: 1 }, [3, 8])).toBe(3);
  });
});

describe('syntax defects', () => {
  it('breaks one line the way each kind says', () => {
    expect(breakLine('def f(a,b):', 'missing-colon', false)).toBe('def f(a,b)');
    expect(breakLine(' return a*b+3', 'missing-colon', true)).toBeNull();
    expect(breakLine('assert f(2,5)==13', 'unbalanced-bracket', false)).toBe('assert f(2,5==13');
    expect(breakLine(' return a*b+3', 'bad-indentation', true)).toBe('return a*b+3');
    expect(breakLine('assert f(2,5)==13', 'bad-indentation', false)).toBeNull();
    expect(breakLine(' return a*b+3', 'missing-operand', true)).toBe(' return a*b+');
    expect(breakLine('  s+=i', 'missing-operand', true)).toBe('  s+=');
    expect(breakLine('assert f(2,5)==-3', 'missing-operand', false)).toBe('assert f(2,5)==-');
    expect(breakLine('  return a', 'missing-operand', true)).toBeNull();
  });
});

describe('generated tasks', () => {
  it('differ from their ground truth on exactly the defect line', () => {
    const rng = new Rng(7);
    for (const kind of DEFECT_KINDS) {
      for (let i = 0; i < 30; i++) {
        const t = generateRepairTask(rng, kind);
        expect(t.defect).toBe(kind);
        expect(t.category).toBe((SYNTAX_DEFECTS as readonly string[]).includes(kind) ? 'syntax' : 'semantic');
        const diff = t.lines.map((l, k) => (l === t.fixed[k] ? -1 : k + 1)).filter((k) => k > 0);
        expect(diff).toEqual([t.defectLine]);
        expect(t.inputs).toHaveLength(4);
        expect(t.fixed.at(-1)).toMatch(
          new RegExp(`^assert ${t.fname}\\(${(t.inputs[0] as number[]).join(',')}\\)==-?\\d+$`),
        );
      }
    }
  });

  it('model each kind by its edit', () => {
    const rng = new Rng(11);
    const pair = (kind: (typeof DEFECT_KINDS)[number]): [string, string] => {
      const t = generateRepairTask(rng, kind);
      return [t.lines[t.defectLine - 1] as string, t.fixed[t.defectLine - 1] as string];
    };
    const [colonBroken, colonFixed] = pair('missing-colon');
    expect(colonBroken + ':').toBe(colonFixed);
    const [indentBroken, indentFixed] = pair('bad-indentation');
    expect(' ' + indentBroken).toBe(indentFixed);
    const [bracketBroken, bracketFixed] = pair('unbalanced-bracket');
    expect(bracketFixed.length - bracketBroken.length).toBe(1);
    expect(bracketFixed.split(')').length - bracketBroken.split(')').length).toBe(1);
    const [nameBroken] = pair('wrong-name');
    expect(nameBroken).toMatch(/\b[czm]\b/);
  });

  it('are reproducible from the seed', () => {
    expect(generateRepairTask(new Rng(3))).toEqual(generateRepairTask(new Rng(3)));
  });
});

describe('the action contract', () => {
  it('parses the four actions and refuses anything else', () => {
    expect(parseAction('check\n')).toEqual({ kind: 'check' });
    expect(parseAction('run')).toEqual({ kind: 'run' });
    expect(parseAction('submit\n')).toEqual({ kind: 'submit' });
    expect(parseAction('edit 2: return a*b+3\n')).toEqual({ kind: 'edit', line: 2, text: ' return a*b+3' });
    expect(parseAction('edit 3:')).toEqual({ kind: 'edit', line: 3, text: '' });
    expect(parseAction('edit x: y')).toEqual({ kind: 'malformed', text: 'edit x: y' });
    expect(parseAction('checkk')).toEqual({ kind: 'malformed', text: 'checkk' });
    expect(formatAction({ kind: 'edit', line: 1, text: 'def f(a):' })).toBe('edit 1:def f(a):\n');
  });

  it('numbers the prompt lines and encodes it losslessly', () => {
    const prompt = repairPrompt(['def f(a,b)', ' return a+b', 'assert f(1,2)==3']);
    expect(prompt).toBe('<|repair|>1|def f(a,b)\n2| return a+b\n3|assert f(1,2)==3\n');
    const tok = new Tokenizer(repairVocabulary());
    expect(tok.decode(tok.encode(prompt))).toBe(prompt);
  });
});
