import type { ChecklistAnswer, ChecklistItem, FieldError, SignatureRule } from '@fieldplan/shared';
import { text, textedFieldError } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const answerTexts = defineMessages({
  tick: { id: 'problems.record.answerTick' },
  text: { id: 'problems.record.answerText' },
  number: { id: 'problems.record.answerNumber' },
  choice: { id: 'problems.record.answerChoice' },
});

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const missing = defineMessages({
  item: { id: 'problems.record.itemRequired' },
  signature: { id: 'problems.record.signatureRequired' },
});

// What an answer must be for its item, and what "done" means for the completion rule
// (docs/PRODUCT.md, "Work record").

/** Why `answer` does not fit `item` (null: it fits, or it clears the item). */
export function answerIssue(item: ChecklistItem, answer: ChecklistAnswer): string | null {
  if (answer === null) return null;
  const label = `"${item.label}"`;
  switch (item.kind) {
    case 'check':
      return typeof answer === 'boolean' ? null : `${label} is a tick: answer true or false`;
    case 'text':
      return typeof answer === 'string' ? null : `${label} needs a text answer`;
    case 'number':
      return typeof answer === 'number' ? null : `${label} needs a number`;
    case 'choice':
      return typeof answer === 'string' && (item.choices ?? []).includes(answer)
        ? null
        : `${label} must be one of: ${(item.choices ?? []).join(', ')}`;
  }
}

/** As answerIssue, as a field error at `path` whose message reads in the request's language. */
export function answerError(path: string, item: ChecklistItem, answer: ChecklistAnswer): FieldError | null {
  const english = answerIssue(item, answer);
  if (english === null) return null;
  const label = item.label;
  const local =
    item.kind === 'choice'
      ? text(answerTexts.choice, { label, choices: (item.choices ?? []).join(', ') })
      : text(answerTexts[item.kind === 'check' ? 'tick' : item.kind], { label });
  return textedFieldError(path, local, english);
}

/** A required item is done when ticked, or when it holds a number, a non-blank text or a choice. */
export function isAnswered(item: ChecklistItem, answer: ChecklistAnswer | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  if (item.kind === 'check') return answer === true;
  if (typeof answer === 'string') return answer.trim() !== '';
  return true;
}

export interface ChecklistState {
  templateId: string;
  items: ChecklistItem[];
  answers: Record<string, ChecklistAnswer>;
  signature: SignatureRule;
}

/**
 * What stops a visit from being completed: each required item left empty, and the signature when a
 * checklist requires one and there is none. Paths: `checklists.<templateId>.<itemId>`, `signature`.
 */
export function completionIssues(checklists: readonly ChecklistState[], signed: boolean): FieldError[] {
  const issues: FieldError[] = [];
  for (const c of checklists) {
    for (const item of c.items) {
      if (item.required && !isAnswered(item, c.answers[item.id])) {
        const path = `checklists.${c.templateId}.${item.id}`;
        issues.push(textedFieldError(path, text(missing.item, { label: item.label }), `"${item.label}" is required`));
      }
    }
  }
  if (!signed && checklists.some((c) => c.signature === 'required')) {
    issues.push(textedFieldError('signature', text(missing.signature), "The customer's signature is required"));
  }
  return issues;
}
