import { importFields } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { importFieldLabels } from './field-labels';

describe('the import fields’ labels', () => {
  it('name every field of both kinds, in the shared English words', () => {
    for (const fields of Object.values(importFields)) {
      for (const [field, label] of Object.entries(fields)) {
        expect(importFieldLabels[field as keyof typeof importFieldLabels]?.defaultMessage).toBe(label);
      }
    }
  });
});
