import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isTimeZone } from './fields.js';
import {
  defaultTileUrlTemplate,
  isTileTemplate,
  mapSettingsSchema,
  slugField,
  workingHoursSchema,
  workspacePatchSchema,
} from './workspace.js';

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
}
const messageOn = (schema: z.ZodType, value: unknown, path: string) =>
  issues(schema, value).find((i) => i.path === path)?.message ?? `(no issue on ${path})`;

const map = {
  center: { lat: 52.52, lng: 13.405 },
  zoom: 11,
  tileUrlTemplate: defaultTileUrlTemplate,
  tileAttribution: '© OpenStreetMap contributors',
};

describe('workingHoursSchema', () => {
  it('accepts the default hours', () => {
    expect(workingHoursSchema.parse({ start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] })).toBeTruthy();
  });

  it('needs the end after the start, with the message on end', () => {
    expect(messageOn(workingHoursSchema, { start: '19:00', end: '07:00', days: [1] }, 'end')).toBe(
      'End of working hours must be after the start',
    );
    expect(messageOn(workingHoursSchema, { start: '09:00', end: '09:00', days: [1] }, 'end')).toMatch(
      /after the start/,
    );
  });

  it.each([
    ['start', '7:00'],
    ['start', '24:00'],
    ['end', '12:60'],
    ['end', 'noon'],
  ])('%s = %s → "… must be a time like 07:00"', (field, value) => {
    const hours = { start: '07:00', end: '19:00', days: [1], [field]: value };
    expect(messageOn(workingHoursSchema, hours, field)).toMatch(/of working hours must be a time like 07:00/);
  });

  it('needs at least one valid weekday', () => {
    expect(messageOn(workingHoursSchema, { start: '07:00', end: '19:00', days: [] }, 'days')).toBe(
      'Choose at least one working day',
    );
    expect(issues(workingHoursSchema, { start: '07:00', end: '19:00', days: [7] })[0]?.path).toBe('days.0');
  });

  it('rejects unknown keys', () => {
    expect(issues(workingHoursSchema, { start: '07:00', end: '19:00', days: [1], lunch: 1 })[0]?.code).toBe(
      'unrecognized_keys',
    );
  });
});

describe('tile templates', () => {
  it.each([
    [defaultTileUrlTemplate, true],
    ['http://tiles.local/{z}/{x}/{y}.png', true],
    ['https://{s}.tile.example/{z}/{x}/{y}@2x.png?key=k', true],
    ['https://tiles.example/{x}/{y}.png', false],
    ["javascript:alert('{z}{x}{y}')", false],
    ['ftp://tiles.example/{z}/{x}/{y}', false],
    ['/{z}/{x}/{y}.png', false],
  ])('isTileTemplate(%s) = %s', (value, expected) => {
    expect(isTileTemplate(value)).toBe(expected);
  });

  it('names the field in the message', () => {
    expect(messageOn(mapSettingsSchema, { ...map, tileUrlTemplate: 'javascript:x' }, 'tileUrlTemplate')).toMatch(
      /^Tile URL template must be an http\(s\) URL containing \{z\}, \{x\} and \{y\}$/,
    );
  });

  it('checks zoom and centre with named messages', () => {
    expect(messageOn(mapSettingsSchema, { ...map, zoom: 20 }, 'zoom')).toBe('Zoom must be between 1 and 19');
    expect(messageOn(mapSettingsSchema, { ...map, zoom: 2.5 }, 'zoom')).toBe('Zoom must be a whole number');
    expect(messageOn(mapSettingsSchema, { ...map, center: { lat: 100, lng: 0 } }, 'center.lat')).toMatch(
      /^Map centre latitude must be between -90 and 90$/,
    );
    expect(messageOn(mapSettingsSchema, { ...map, center: { lat: 0, lng: 200 } }, 'center.lng')).toMatch(
      /^Map centre longitude/,
    );
  });
});

describe('slug', () => {
  it.each(['abc', 'demo', 'team-7', 'a'.repeat(40)])('accepts %s', (slug) => {
    expect(slugField.safeParse(slug).success).toBe(true);
  });

  it.each([
    ['ab', /at least 3/],
    ['a'.repeat(41), /at most 40/],
    ['Demo', /lowercase/],
    ['-demo', /single dashes/],
    ['demo-', /single dashes/],
    ['de--mo', /single dashes/],
    ['de mo', /lowercase/],
  ])('rejects %s with a message naming the slug', (slug, message) => {
    const result = slugField.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Slug /);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toMatch(message);
  });
});

describe('time zones', () => {
  it.each(['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kathmandu'])('%s is a time zone', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Berlin/Europe', 'Mars/Base', 'GMT+25'])('%j is not', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});

describe('workspacePatchSchema', () => {
  it('takes any subset of the settings', () => {
    expect(workspacePatchSchema.parse({})).toEqual({});
    expect(workspacePatchSchema.parse({ name: ' New ', weekStart: 0 })).toEqual({ name: 'New', weekStart: 0 });
    expect(workspacePatchSchema.parse({ map })).toEqual({ map });
  });

  it('names each bad field', () => {
    const found = issues(workspacePatchSchema, {
      name: '',
      slug: 'X',
      timeZone: 'Nowhere/Land',
      weekStart: 9,
      map: { ...map, zoom: 0 },
    });
    const paths = found.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'slug', 'timeZone', 'weekStart', 'map.zoom']));
    expect(found.find((i) => i.path === 'timeZone')?.message).toBe(
      'Time zone must be an IANA zone such as Europe/Berlin',
    );
    expect(found.find((i) => i.path === 'weekStart')?.message).toMatch(/^First day of week/);
    expect(found.find((i) => i.path === 'name')?.message).toBe('Workspace name is required');
  });

  it('rejects unknown keys at every level', () => {
    expect(issues(workspacePatchSchema, { id: 'x' })[0]).toEqual(
      expect.objectContaining({ code: 'unrecognized_keys' }),
    );
    expect(issues(workspacePatchSchema, { map: { ...map, style: 'dark' } })[0]).toEqual(
      expect.objectContaining({ code: 'unrecognized_keys', path: 'map' }),
    );
    expect(issues(workspacePatchSchema, { map: { ...map, center: { lat: 1, lng: 2, alt: 3 } } })[0]?.path).toBe(
      'map.center',
    );
  });
});
