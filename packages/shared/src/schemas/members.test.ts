import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { colourField, emailField } from './fields.js';
import { invitationCreateSchema, memberPatchSchema } from './members.js';

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
}
const messageOn = (schema: z.ZodType, value: unknown, path: string) =>
  issues(schema, value).find((i) => i.path === path)?.message ?? `(no issue on ${path})`;

describe('memberPatchSchema', () => {
  it('takes role, colour, home base and active', () => {
    const patch = { role: 'dispatcher', colour: '#0072b2', homeBase: { lat: 52.5, lng: 13.4 }, active: false };
    expect(memberPatchSchema.parse(patch)).toEqual(patch);
    expect(memberPatchSchema.parse({ homeBase: null })).toEqual({ homeBase: null });
    expect(memberPatchSchema.parse({})).toEqual({});
  });

  it.each(['red', '#12345', '#1234567', '0072B2', '#GG0000', ''])('rejects colour %j, naming the field', (colour) => {
    expect(messageOn(memberPatchSchema, { colour }, 'colour')).toBe('Colour must be a hex colour like #0072B2');
  });

  it('names the role, active flag and home base in their messages', () => {
    expect(messageOn(memberPatchSchema, { role: 'admin' }, 'role')).toBe(
      'Role must be owner, dispatcher, technician or viewer',
    );
    expect(messageOn(memberPatchSchema, { active: 'yes' }, 'active')).toBe('Active must be true or false');
    expect(messageOn(memberPatchSchema, { homeBase: { lat: 95, lng: 0 } }, 'homeBase.lat')).toMatch(
      /^Home base latitude must be between -90 and 90$/,
    );
    expect(messageOn(memberPatchSchema, { homeBase: { lat: 0, lng: 'east' } }, 'homeBase.lng')).toBe(
      'Home base longitude must be a number',
    );
  });

  it('rejects unknown keys, including the ids a caller must not set', () => {
    for (const key of ['userId', 'workspaceId', 'email', 'id']) {
      expect(issues(memberPatchSchema, { [key]: 'x' })).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', message: expect.stringContaining(key) }),
      ]);
    }
    expect(issues(memberPatchSchema, { homeBase: { lat: 1, lng: 2, label: 'depot' } })[0]?.code).toBe(
      'unrecognized_keys',
    );
  });
});

describe('invitationCreateSchema', () => {
  it('normalises the email and needs a role', () => {
    expect(invitationCreateSchema.parse({ email: ' Tech@Example.TEST ', role: 'technician' })).toEqual({
      email: 'tech@example.test',
      role: 'technician',
    });
    expect(messageOn(invitationCreateSchema, { email: 'a@b.de' }, 'role')).toMatch(/^Role must be/);
    expect(messageOn(invitationCreateSchema, { role: 'viewer' }, 'email')).toBe('Email is required');
    expect(issues(invitationCreateSchema, { email: 'a@b.de', role: 'viewer', token: 'x' })[0]?.code).toBe(
      'unrecognized_keys',
    );
  });
});

describe('fields', () => {
  it('emails: trimmed, lowercased, valid, at most 254 characters', () => {
    expect(emailField.parse('  Mixed.Case@Example.COM ')).toBe('mixed.case@example.com');
    for (const bad of ['', 'plain', 'a@', '@b.de', 'a b@c.de']) expect(emailField.safeParse(bad).success).toBe(false);
    const long = `${'a'.repeat(60)}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.de`;
    expect(long.length).toBeGreaterThan(254);
    expect(emailField.safeParse(long).error?.issues[0]?.message).toBe('Email must be at most 254 characters');
  });

  it('colours: #RRGGBB in either case', () => {
    expect(colourField.safeParse('#a1B2c3').success).toBe(true);
    expect(colourField.safeParse('#abc').success).toBe(false);
  });
});
