import type { ChecklistItem } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { answerIssue, completionIssues, isAnswered } from './answers.js';

const item = (kind: ChecklistItem['kind'], extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id: kind,
  label: `The ${kind}`,
  kind,
  required: true,
  ...extra,
});

describe('checklist answers', () => {
  it('each kind takes its own answer, and null clears any', () => {
    expect(answerIssue(item('check'), true)).toBeNull();
    expect(answerIssue(item('check'), 'yes')).toBe('"The check" is a tick: answer true or false');
    expect(answerIssue(item('text'), 'ok')).toBeNull();
    expect(answerIssue(item('text'), 3)).toBe('"The text" needs a text answer');
    expect(answerIssue(item('number'), 0)).toBeNull();
    expect(answerIssue(item('number'), '3')).toBe('"The number" needs a number');
    const choice = item('choice', { choices: ['good', 'worn'] });
    expect(answerIssue(choice, 'worn')).toBeNull();
    expect(answerIssue(choice, 'Worn')).toBe('"The choice" must be one of: good, worn');
    for (const kind of ['check', 'text', 'number', 'choice'] as const) expect(answerIssue(item(kind), null)).toBeNull();
  });

  it('a required tick must be ticked, text not blank; zero is a number', () => {
    expect(isAnswered(item('check'), false)).toBe(false);
    expect(isAnswered(item('check'), true)).toBe(true);
    expect(isAnswered(item('text'), '  ')).toBe(false);
    expect(isAnswered(item('number'), 0)).toBe(true);
    expect(isAnswered(item('number'), undefined)).toBe(false);
  });

  it('completion names each required item left empty, then the signature if one is required', () => {
    const checklist = {
      templateId: 't1',
      items: [item('check'), item('text', { required: false }), item('number')],
      answers: { number: 4 },
      signature: 'required' as const,
    };
    expect(completionIssues([checklist], false)).toMatchObject([
      { path: 'checklists.t1.check', message: '"The check" is required' },
      { path: 'signature', message: "The customer's signature is required" },
    ]);
    expect(completionIssues([{ ...checklist, answers: { check: true, number: 4 } }], true)).toEqual([]);
    expect(completionIssues([{ ...checklist, signature: 'optional' }], false)).toHaveLength(1);
  });
});
