import { describe, expect, it } from 'vitest';
import { customerCreateSchema } from './customers.js';
import { fieldOfPath, issueMessage } from './issue-message.js';

const issuesOf = (input: unknown) => {
  const result = customerCreateSchema.safeParse(input);
  if (result.success) throw new Error('expected issues');
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issueMessage(issue)]));
};

describe('issueMessage: which message a validation issue is, whatever its English', () => {
  it('names the kind, the field and the arguments of a schema’s issues', () => {
    const issues = issuesOf({
      name: '',
      email: 'nope',
      phone: '+49 30 abc 123',
      address: 'Hauptstraße 1',
      lat: 95,
      lng: 'east',
      notes: 'x'.repeat(2001),
      extra: 1,
    });
    expect(issues.name).toEqual({ kind: 'required', field: 'name', values: {} });
    expect(issues.email).toEqual({ kind: 'email', field: 'email', values: {} });
    expect(issues.phone).toEqual({ kind: 'custom.phoneCharacters', field: 'phone', values: {} });
    expect(issues.lat).toEqual({ kind: 'tooBig', field: 'lat', values: { maximum: 90 } });
    expect(issues.lng).toEqual({ kind: 'notNumber', field: 'lng', values: {} });
    expect(issues.notes).toEqual({ kind: 'tooLong', field: 'notes', values: { maximum: 2000 } });
    expect(issues['']?.kind).toBe('unknownField');
  });

  it('takes a refinement’s own kind from its params, and falls back to invalid', () => {
    expect(issueMessage({ code: 'custom', path: ['x'], params: { message: 'timeZone' } }).kind).toBe('custom.timeZone');
    expect(issueMessage({ code: 'custom', path: ['x'] }).kind).toBe('invalid');
    expect(issueMessage({ code: 'something_new', path: [] }).kind).toBe('invalid');
  });

  it('names the last named step of a path', () => {
    expect(fieldOfPath(['items', 2, 'label'])).toBe('label');
    expect(fieldOfPath('workingHours.start')).toBe('start');
    expect(fieldOfPath([])).toBe('');
  });
});
