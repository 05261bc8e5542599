import type { Checklist } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { answered, missingForCompletion } from './required';

const checklist = (answers: Checklist['answers'], signature: Checklist['signature'] = 'none'): Checklist => ({
  id: null,
  jobId: 'job',
  occurrence: null,
  templateId: 'boiler',
  name: 'Boiler service',
  items: [
    { id: 'flue', label: 'Flue checked', kind: 'check', required: true },
    { id: 'pressure', label: 'Pressure', kind: 'number', unit: 'bar', required: true },
    { id: 'remarks', label: 'Remarks', kind: 'text', required: false },
  ],
  answers,
  signature,
  version: 0,
  updatedAt: null,
  updatedBy: null,
});

describe('missingForCompletion', () => {
  it('names every required item left empty, and nothing optional', () => {
    expect(missingForCompletion([checklist({ flue: false, pressure: null })], false)).toEqual([
      { path: 'checklists.boiler.flue', message: '"Flue checked" is required' },
      { path: 'checklists.boiler.pressure', message: '"Pressure" is required' },
    ]);
    expect(missingForCompletion([checklist({ flue: true, pressure: 1.5 })], false)).toEqual([]);
  });
  it('asks for the signature only when a checklist requires it', () => {
    expect(missingForCompletion([checklist({ flue: true, pressure: 0 }, 'required')], false)).toEqual([
      { path: 'signature', message: 'The customer’s signature is required' },
    ]);
    expect(missingForCompletion([checklist({ flue: true, pressure: 0 }, 'required')], true)).toEqual([]);
  });
  it('counts blank text as no answer and zero as an answer', () => {
    expect(answered('  ')).toBe(false);
    expect(answered(0)).toBe(true);
    expect(answered(false)).toBe(false);
  });
});
