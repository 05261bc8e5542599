import { describe, expect, it } from 'vitest';
import { durationMinutes, durationText, endAfter, endAfterMove, isWallTime } from './job-duration';

describe('the job form duration', () => {
  it('reads the minutes between start and end, none when one is missing or the end is not later', () => {
    expect(durationMinutes('2026-03-02T09:00', '2026-03-02T10:30')).toBe(90);
    expect(durationMinutes('2026-03-02T23:00', '2026-03-03T01:00')).toBe(120);
    expect(durationMinutes('', '2026-03-02T10:30')).toBeNull();
    expect(durationMinutes('2026-03-02T09:00', '')).toBeNull();
    expect(durationMinutes('2026-03-02T09:00', '2026-03-02T09:00')).toBeNull();
    expect(durationMinutes('2026-03-02T09:00', '2026-03-02T08:00')).toBeNull();
  });

  it('puts the end the given minutes after the start, across midnight too', () => {
    expect(endAfter('2026-03-02T09:00', 45)).toBe('2026-03-02T09:45');
    expect(endAfter('2026-03-02T23:30', 60)).toBe('2026-03-03T00:30');
    expect(endAfter('', 60)).toBeNull();
    expect(endAfter('2026-03-02T09:00', 0)).toBeNull();
    expect(endAfter('2026-03-02T09:00', Number.NaN)).toBeNull();
  });

  it('keeps the length when the start moves; nothing to keep without a valid end', () => {
    expect(endAfterMove('2026-03-02T09:00', '2026-03-02T13:15', '2026-03-02T10:30')).toBe('2026-03-02T14:45');
    expect(endAfterMove('2026-03-02T09:00', '2026-03-04T09:00', '2026-03-02T10:00')).toBe('2026-03-04T10:00');
    expect(endAfterMove('', '2026-03-02T13:00', '2026-03-02T10:30')).toBeNull();
    expect(endAfterMove('2026-03-02T09:00', '2026-03-02T13:00', '')).toBeNull();
  });

  it('knows a whole local date and time from a half-typed one', () => {
    expect(isWallTime('2026-03-02T09:00')).toBe(true);
    expect(isWallTime('2026-03-02')).toBe(false);
    expect(isWallTime('')).toBe(false);
  });

  it('writes the length in words', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(60)).toBe('1 h');
    expect(durationText(150)).toBe('2 h 30 min');
  });
});
