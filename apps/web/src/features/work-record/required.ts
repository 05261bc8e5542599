import type { Checklist, ChecklistAnswer } from '@fieldplan/shared';
import { t } from '../../lib/i18n';

/** An answer that counts as given: a ticked box, non-blank text, a number, a choice. */
export function answered(value: ChecklistAnswer | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() !== '';
  return Number.isFinite(value);
}

export interface Missing {
  path: string;
  message: string;
}

/**
 * What completing the visit still needs, checked on the phone before the server is asked (it checks
 * the same): each required item left empty, and a signature the checklist requires.
 */
export function missingForCompletion(checklists: readonly Checklist[], hasSignature: boolean): Missing[] {
  const missing: Missing[] = [];
  for (const checklist of checklists) {
    for (const item of checklist.items) {
      if (item.required && !answered(checklist.answers[item.id])) {
        missing.push({
          path: `checklists.${checklist.templateId}.${item.id}`,
          message: t({ id: 'workRecord.required.item' }, { label: item.label }),
        });
      }
    }
  }
  if (!hasSignature && checklists.some((c) => c.signature === 'required')) {
    missing.push({
      path: 'signature',
      message: t({ id: 'workRecord.required.signature' }),
    });
  }
  return missing;
}
