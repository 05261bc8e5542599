import type { BusyEvent, Feed } from '@fieldplan/shared';
import { expect } from 'vitest';
import type { WorkspaceCaller } from '../helpers.js';
import { ws } from '../helpers.js';

/** A small calendar: an all-day holiday and a timed appointment in Europe/Berlin (April 2026, CEST +2). */
export const holidayIcs = (summary = 'Dentist') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fieldplan tests//EN',
    'BEGIN:VEVENT',
    'UID:easter-monday-2026',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;VALUE=DATE:20260406',
    'DTEND;VALUE=DATE:20260407',
    'SUMMARY:Easter Monday',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:appointment-1',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20260408T100000',
    'DTEND;TZID=Europe/Berlin:20260408T120000',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export async function subscribe(caller: WorkspaceCaller, url: string, extra: Record<string, unknown> = {}) {
  const res = await caller.client.post(ws(caller.workspaceId, '/feeds'), {
    name: 'Holidays',
    url,
    colour: '#009E73',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Feed;
}

export async function busy(caller: WorkspaceCaller, start: string, end: string) {
  const res = await caller.client.get(ws(caller.workspaceId, `/calendar/busy?start=${start}&end=${end}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BusyEvent[];
}

export async function feedOf(caller: WorkspaceCaller, id: string) {
  const res = await caller.client.get(ws(caller.workspaceId, `/feeds/${id}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Feed;
}
