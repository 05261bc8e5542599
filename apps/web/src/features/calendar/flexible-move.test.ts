import { describe, expect, it } from 'vitest';
import { windowAfterMove } from './flexible-move';

// A visit 09:00–10:00 (UTC here) that may move within 08:00–12:00.
const window = { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T12:00:00.000Z' };
const previous = { start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' };

describe('a flexible window after a drag', () => {
  it('stays as it is while the visit stays inside it', () => {
    expect(
      windowAfterMove(window, previous, { start: '2026-11-23T11:00:00.000Z', end: '2026-11-23T12:00:00.000Z' }),
    ).toBeNull();
  });

  it('moves by as much as the start moved when the visit leaves it (another hour, another day)', () => {
    expect(
      windowAfterMove(window, previous, { start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T15:00:00.000Z' }),
    ).toEqual({ start: '2026-11-23T13:00:00.000Z', end: '2026-11-23T17:00:00.000Z' });
    expect(
      windowAfterMove(window, previous, { start: '2026-11-24T09:00:00.000Z', end: '2026-11-24T10:00:00.000Z' }),
    ).toEqual({ start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T12:00:00.000Z' });
  });

  it('widens to the visit when it was resized past the window', () => {
    expect(
      windowAfterMove(window, previous, { start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T13:30:00.000Z' }),
    ).toEqual({ start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T13:30:00.000Z' });
  });
});
