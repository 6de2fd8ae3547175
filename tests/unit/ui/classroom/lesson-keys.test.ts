/**
 * The lesson on two keys, against the rule written out by hand: Next fills the screen (run to the
 * question, run until the figure has data), reveals an open prediction, and only then moves on;
 * Back only moves; digits answer; keys typed into a field are left to the field.
 */
import { describe, expect, it } from 'vitest';
import { lessonKey, nextAction, type ScreenState, typedIntoField } from '../../../../src/ui/classroom/lesson-keys';

const plain: ScreenState = {
  predict: false,
  prediction: 'waiting',
  figureEmpty: false,
  canStep: true,
  advancing: false,
  last: false,
};
const asking: ScreenState = { ...plain, predict: true };

describe('what Next does', () => {
  it('on a screen whose figure is empty runs the run, then moves on once it is full', () => {
    expect(nextAction({ ...plain, figureEmpty: true })).toBe('run-figure');
    expect(nextAction(plain)).toBe('next-screen');
  });

  it('on a prediction runs to the question, reveals it (digit or not), then moves on', () => {
    expect(nextAction(asking)).toBe('run-question');
    expect(nextAction({ ...asking, prediction: 'open', figureEmpty: true })).toBe('reveal');
    expect(nextAction({ ...asking, prediction: 'revealing' })).toBe('wait');
    expect(nextAction({ ...asking, prediction: 'revealed' })).toBe('next-screen');
  });

  it('waits while the run steps, and never stalls on a screen the run can no longer fill', () => {
    expect(nextAction({ ...plain, figureEmpty: true, advancing: true })).toBe('wait');
    // The recording has ended (or the run failed): Next moves on rather than doing nothing.
    expect(nextAction({ ...plain, figureEmpty: true, canStep: false })).toBe('next-screen');
    expect(nextAction({ ...asking, canStep: false })).toBe('next-screen');
    expect(nextAction({ ...plain, last: true })).toBe('none');
    expect(nextAction({ ...plain, figureEmpty: true, last: true })).toBe('run-figure');
  });
});

describe('the lesson keys', () => {
  it('reads →, Page Down and Space as Next, ←, Page Up as Back, 1–9 as answers', () => {
    for (const k of ['ArrowRight', 'PageDown', ' ']) expect(lessonKey(k)).toEqual({ kind: 'next' });
    for (const k of ['ArrowLeft', 'PageUp']) expect(lessonKey(k)).toEqual({ kind: 'back' });
    expect(lessonKey('1')).toEqual({ kind: 'digit', digit: 1 });
    expect(lessonKey('9')).toEqual({ kind: 'digit', digit: 9 });
    for (const k of ['0', 'Enter', 's', 'ArrowDown', '10']) expect(lessonKey(k)).toBeNull();
  });

  it('leaves keys typed into a field, or with a modifier, to the field', () => {
    const el = (tagName: string, isContentEditable = false) =>
      ({ tagName, isContentEditable }) as unknown as EventTarget;
    const press = (target: EventTarget, mods: Partial<KeyboardEvent> = {}) =>
      typedIntoField({ ctrlKey: false, metaKey: false, altKey: false, target, ...mods });
    expect(press(el('INPUT'))).toBe(true);
    expect(press(el('TEXTAREA'))).toBe(true);
    expect(press(el('SELECT'))).toBe(true);
    expect(press(el('DIV', true))).toBe(true);
    expect(press(el('BUTTON'))).toBe(false);
    expect(press(el('BODY'))).toBe(false);
    expect(press(el('BODY'), { ctrlKey: true })).toBe(true);
    expect(press(el('BODY'), { altKey: true })).toBe(true);
  });
});
