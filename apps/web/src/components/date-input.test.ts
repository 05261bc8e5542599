import { describe, expect, it } from 'vitest';
import {
  formatDateInput,
  formatTimeInput,
  monthGrid,
  parseDateInput,
  parseTimeInput,
  partAt,
  stepDate,
  stepTime,
  timePartAt,
  weekEdge,
} from './date-input';

describe('a typed date', () => {
  it('is written in the workspace’s order with the language’s separator', () => {
    expect(formatDateInput('2026-11-30', { dateFormat: 'dmy', language: 'de' })).toBe('30.11.2026');
    expect(formatDateInput('2026-11-30', { dateFormat: 'dmy', language: 'en' })).toBe('30/11/2026');
    expect(formatDateInput('2026-11-30', { dateFormat: 'mdy', language: 'en' })).toBe('11/30/2026');
    expect(formatDateInput('2026-11-30', { dateFormat: 'ymd', language: 'de' })).toBe('2026-11-30');
  });

  it('is read in the workspace’s order, whatever the separator', () => {
    const dmy = { dateFormat: 'dmy' as const };
    expect(parseDateInput('30.11.2026', dmy)).toBe('2026-11-30');
    expect(parseDateInput('30/11/2026', dmy)).toBe('2026-11-30');
    expect(parseDateInput(' 1-2-2027 ', dmy)).toBe('2027-02-01');
    expect(parseDateInput('30112026', dmy)).toBe('2026-11-30');
    expect(parseDateInput('30.11.26', dmy)).toBe('2026-11-30');
    expect(parseDateInput('30.11', dmy, '2027-01-05')).toBe('2027-11-30');
    expect(parseDateInput('11/30/2026', { dateFormat: 'mdy' })).toBe('2026-11-30');
    expect(parseDateInput('2/1/2027', { dateFormat: 'mdy' })).toBe('2027-02-01');
    expect(parseDateInput('2026-11-30', { dateFormat: 'ymd' })).toBe('2026-11-30');
    expect(parseDateInput('20261130', { dateFormat: 'ymd' })).toBe('2026-11-30');
    expect(parseDateInput('2026-11-30', dmy)).toBe('2026-11-30');
    expect(parseDateInput('2026-11-30', { dateFormat: 'mdy' })).toBe('2026-11-30');
  });

  it('is no date when a part is out of range or not a number', () => {
    const dmy = { dateFormat: 'dmy' as const };
    expect(parseDateInput('11/30/2026', dmy)).toBeNull();
    expect(parseDateInput('31.02.2026', dmy)).toBeNull();
    expect(parseDateInput('30.11.202', dmy)).toBeNull();
    expect(parseDateInput('tomorrow', dmy)).toBeNull();
    expect(parseDateInput('', dmy)).toBeNull();
  });

  it('steps the part under the caret', () => {
    expect(partAt('30.11.2026', 1)).toBe(0);
    expect(partAt('30.11.2026', 4)).toBe(1);
    expect(partAt('30.11.2026', 9)).toBe(2);
    expect(stepDate('2026-11-30', 0, 1, 'dmy')).toBe('2026-12-01');
    expect(stepDate('2026-01-31', 1, 1, 'dmy')).toBe('2026-02-28');
    expect(stepDate('2026-11-30', 2, -1, 'dmy')).toBe('2025-11-30');
    expect(stepDate('2026-11-30', 0, 1, 'mdy')).toBe('2026-12-30');
    expect(stepDate('2026-11-30', 0, 1, 'ymd')).toBe('2027-11-30');
  });
});

describe('a typed time', () => {
  it('is written on the workspace’s clock', () => {
    expect(formatTimeInput('14:00', { timeFormat: '24h' })).toBe('14:00');
    expect(formatTimeInput('14:00', { timeFormat: '12h' })).toBe('2:00 PM');
    expect(formatTimeInput('00:30', { timeFormat: '12h' })).toBe('12:30 AM');
  });

  it('is read with or without AM/PM and separators', () => {
    const h24 = { timeFormat: '24h' as const };
    const h12 = { timeFormat: '12h' as const };
    expect(parseTimeInput('14:00', h24)).toBe('14:00');
    expect(parseTimeInput('14.30', h24)).toBe('14:30');
    expect(parseTimeInput('9', h24)).toBe('09:00');
    expect(parseTimeInput('0915', h24)).toBe('09:15');
    expect(parseTimeInput('2:30 PM', h12)).toBe('14:30');
    expect(parseTimeInput('2pm', h12)).toBe('14:00');
    expect(parseTimeInput('12:15 am', h12)).toBe('00:15');
    expect(parseTimeInput('12 PM', h12)).toBe('12:00');
    expect(parseTimeInput('14:00', h12)).toBe('14:00');
    expect(parseTimeInput('24:00', h24)).toBeNull();
    expect(parseTimeInput('9:75', h24)).toBeNull();
    expect(parseTimeInput('13 PM', h12)).toBeNull();
    expect(parseTimeInput('noon', h12)).toBeNull();
  });

  it('steps hours, minutes on the step’s grid, or AM/PM', () => {
    expect(timePartAt('14:00', 1)).toBe(0);
    expect(timePartAt('14:00', 4)).toBe(1);
    expect(timePartAt('2:00 PM', 6)).toBe(2);
    expect(stepTime('23:00', 0, 1, 15)).toBe('00:00');
    expect(stepTime('14:07', 1, 1, 15)).toBe('14:15');
    expect(stepTime('14:07', 1, -1, 15)).toBe('14:00');
    expect(stepTime('14:00', 1, -1, 15)).toBe('13:45');
    expect(stepTime('09:30', 2, 1, 15)).toBe('21:30');
  });
});

describe('the month grid', () => {
  it('starts its weeks on the workspace’s first day', () => {
    // November 2026 begins on a Sunday.
    const monday = monthGrid('2026-11-30', 1);
    expect(monday[0]?.[0]).toBe('2026-10-26');
    expect(monday[0]?.[6]).toBe('2026-11-01');
    expect(monday.at(-1)?.[0]).toBe('2026-11-30');
    const sunday = monthGrid('2026-11-30', 0);
    expect(sunday[0]?.[0]).toBe('2026-11-01');
    expect(sunday).toHaveLength(5);
  });

  it('finds the week’s edges from the first day', () => {
    expect(weekEdge('2026-11-26', 1, 'start')).toBe('2026-11-23');
    expect(weekEdge('2026-11-26', 1, 'end')).toBe('2026-11-29');
    expect(weekEdge('2026-11-26', 0, 'start')).toBe('2026-11-22');
  });
});
