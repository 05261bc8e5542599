import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { acceptInvitationSchema, signInSchema, signUpSchema } from './auth.js';

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
}
const messageOn = (schema: z.ZodType, value: unknown, path: string) =>
  issues(schema, value).find((i) => i.path === path)?.message ?? `(no issue on ${path})`;

const valid = { name: 'Ada', email: 'ada@example.test', password: 'correct horse', workspaceName: 'Ada Co' };

describe('signUpSchema', () => {
  it('accepts a valid sign-up, trimming text and normalising the email', () => {
    expect(signUpSchema.parse({ ...valid, name: '  Ada  ', email: '  Ada@Example.TEST ' })).toEqual({
      ...valid,
      name: 'Ada',
      email: 'ada@example.test',
    });
  });

  it('names every missing field in its message', () => {
    const found = issues(signUpSchema, {});
    expect(found.map((i) => i.path).sort()).toEqual(['email', 'name', 'password', 'workspaceName']);
    expect(messageOn(signUpSchema, {}, 'name')).toBe('Name is required');
    expect(messageOn(signUpSchema, {}, 'email')).toBe('Email is required');
    expect(messageOn(signUpSchema, {}, 'password')).toBe('Password is required');
    expect(messageOn(signUpSchema, {}, 'workspaceName')).toBe('Workspace name is required');
  });

  it('rejects unknown keys (strict), naming them', () => {
    const found = issues(signUpSchema, { ...valid, isAdmin: true });
    expect(found).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', message: expect.stringContaining('isAdmin') }),
    ]);
  });

  it.each([
    ['name', '   ', /Name is required/],
    ['name', 'n'.repeat(81), /Name must be at most 80/],
    ['workspaceName', 'w'.repeat(81), /Workspace name must be at most 80/],
    ['email', 'not-an-email', /Email must be a valid email/],
    ['email', `${'a'.repeat(250)}@x.de`, /Email must be at most 254/],
    ['password', 'short', /Password must be at least 10/],
    ['password', 'p'.repeat(129), /Password must be at most 128/],
    ['password', 42, /Password/],
  ])('%s = %j → a message naming the field', (field, value, message) => {
    expect(messageOn(signUpSchema, { ...valid, [field]: value }, field)).toMatch(message);
  });

  it('takes passwords of exactly 10 and 128 characters', () => {
    expect(signUpSchema.safeParse({ ...valid, password: 'p'.repeat(10) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: 'p'.repeat(128) }).success).toBe(true);
  });
});

describe('signInSchema', () => {
  it('checks only that a password is present (the length rules would tell an attacker something)', () => {
    expect(signInSchema.safeParse({ email: 'a@b.de', password: 'x' }).success).toBe(true);
    expect(messageOn(signInSchema, { email: 'a@b.de', password: '' }, 'password')).toBe('Password is required');
    expect(messageOn(signInSchema, { email: 'a@b.de' }, 'password')).toBe('Password is required');
    expect(messageOn(signInSchema, { password: 'x' }, 'email')).toBe('Email is required');
  });

  it('rejects unknown keys', () => {
    expect(issues(signInSchema, { email: 'a@b.de', password: 'x', remember: true })[0]?.code).toBe('unrecognized_keys');
  });
});

describe('acceptInvitationSchema', () => {
  it('allows an empty body (signed-in invitee) and name + password (new account)', () => {
    expect(acceptInvitationSchema.parse({})).toEqual({});
    expect(acceptInvitationSchema.parse({ name: ' Tess ', password: 'long enough' })).toEqual({
      name: 'Tess',
      password: 'long enough',
    });
  });

  it('checks the fields it is given, and refuses others', () => {
    expect(messageOn(acceptInvitationSchema, { password: 'short' }, 'password')).toMatch(
      /Password must be at least 10/,
    );
    expect(messageOn(acceptInvitationSchema, { name: '' }, 'name')).toBe('Name is required');
    expect(issues(acceptInvitationSchema, { role: 'owner' })[0]?.code).toBe('unrecognized_keys');
  });
});
