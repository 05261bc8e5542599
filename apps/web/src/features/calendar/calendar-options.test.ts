import type { Workspace } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { workspaceOptions } from './calendar-options';

type DayFormat = (arg: { date: { marker: Date } }) => string;
type TimeFormat = (arg: { date: { hour: number; minute: number } }) => string;

const settings = {
  timeZone: 'Europe/Berlin',
  timeFormat: '24h',
  dateFormat: 'dmy',
  weekStart: 1,
  workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
} as Workspace;
const monday = { date: { marker: new Date('2026-11-30T00:00:00Z') } };

describe("the calendar's own dates (docs/adr/0042-languages.md)", () => {
  it("writes day headings, the month's weekdays and slot times in the page's language and the workspace's format", () => {
    const views = (language: string) => workspaceOptions(settings, undefined, language).views ?? {};
    const heading = (language: string) =>
      (views(language).timeGrid as { dayHeaderFormat: DayFormat }).dayHeaderFormat(monday);
    const weekday = (language: string) =>
      (views(language).dayGridMonth as { dayHeaderFormat: DayFormat }).dayHeaderFormat(monday);
    expect(heading('en')).toMatch(/^Mon, 30/);
    expect(heading('de')).toMatch(/^Mo\., 30\./);
    expect(weekday('en')).toBe('Mon');
    expect(weekday('de')).toBe('Mo.');
    const time = workspaceOptions(settings, undefined, 'de').slotLabelFormat as TimeFormat;
    expect(time({ date: { hour: 14, minute: 5 } })).toBe('14:05');
  });
});
