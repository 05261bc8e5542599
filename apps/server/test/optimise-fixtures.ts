import type { Job, OptimiseDayApply, OptimiseDayPreview } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ws } from './helpers.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

// A day to optimise: Europe/Berlin working 08–17 Mon–Fri; on Tuesday 5 March 2030 (CET:
// 08:00 local is 07:00Z) technician 1, living at `home`, visits sites due north of it 1, 5 and 9 km
// away — the farthest first, the nearest second: a wasteful order.

export const date = '2030-03-05';
/** 5 March 2030 at hh:mm Berlin (CET, UTC+1) as an ISO instant. */
export const at = (hhmm: string) => new Date(Date.parse(`${date}T${hhmm}:00+01:00`)).toISOString();

export const home = { lat: 52.5, lng: 13.4 };
/** ≈ `km` kilometres due north of home. */
export const north = (km: number) => ({ lat: home.lat + km / 111.2, lng: home.lng });
export const allDay = { start: at('08:00'), end: at('17:00') };

export async function createOptimiseTeam(app: FastifyInstance): Promise<Team> {
  const team = await createTeam(app, { timeZone: 'Europe/Berlin' });
  const { owner } = team;
  const hours = { workingHours: { start: '08:00', end: '17:00', days: [1, 2, 3, 4, 5] } };
  expect((await owner.client.patch(ws(owner.workspaceId), hours)).statusCode).toBe(200);
  for (const tech of [team.tech1, team.tech2]) {
    const res = await owner.client.patch(ws(owner.workspaceId, `/members/${tech.memberId}`), { homeBase: home });
    expect(res.statusCode, res.body).toBe(200);
  }
  return team;
}

/** A one-hour visit of technician 1 at `from` local, `km` north of home, flexible all day unless told. */
export function visit(team: Team, title: string, km: number, from: string, overrides: Record<string, unknown> = {}) {
  const [h, m] = from.split(':').map(Number);
  const until = `${String((h ?? 0) + 1).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}`;
  return createJob(team.dispatcher, {
    title,
    ...north(km),
    start: at(from),
    end: at(until),
    assigneeIds: [team.tech1.memberId],
    flexibleWindow: allDay,
    ...overrides,
  });
}

/** Far (9 km) at 09:00, near (1 km) at 11:00, middle (5 km) at 14:00; a fixed visit at 12:30–13:30. */
export async function wastefulDay(team: Team) {
  const far = await visit(team, 'Far', 9, '09:00');
  const near = await visit(team, 'Near', 1, '11:00');
  const fixed = await visit(team, 'Fixed lunch call', 1, '12:30', { flexibleWindow: null });
  const middle = await visit(team, 'Middle', 5, '14:00');
  return { far, near, fixed, middle };
}

export const previewUrl = (team: Team, memberId = team.tech1.memberId, day = date) =>
  ws(team.owner.workspaceId, `/optimise-day?memberId=${encodeURIComponent(memberId)}&date=${day}`);

export async function preview(team: Team, memberId = team.tech1.memberId, day = date): Promise<OptimiseDayPreview> {
  const res = await team.dispatcher.client.get(previewUrl(team, memberId, day));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OptimiseDayPreview;
}

/** An apply body moving the given jobs to the given local starts (one hour each). */
export function moves(team: Team, to: [Job, string][], memberId = team.tech1.memberId): OptimiseDayApply {
  return {
    memberId,
    date,
    visits: to.map(([job, from]) => {
      const start = Date.parse(at(from));
      const length = Date.parse(job.end ?? '') - Date.parse(job.start ?? '');
      return { jobId: job.id, version: job.version, start: at(from), end: new Date(start + length).toISOString() };
    }),
  };
}

export const applyUrl = (team: Team) => ws(team.owner.workspaceId, '/optimise-day');
