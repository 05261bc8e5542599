import type { Job, SlotSuggestions } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type InvitedMember, inviteMember, ws } from './helpers.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

// A team for slot suggestions: three technicians with home bases due north of the site,
// 1, 4 and 10 km away, in Europe/Berlin (CET in March 2030: 08:00 local is 07:00Z) working 08–17 Mon–Fri.

export const site = { lat: 52.52, lng: 13.4 };
export const homes = [
  { lat: 52.53, lng: 13.4 },
  { lat: 52.56, lng: 13.4 },
  { lat: 52.61, lng: 13.4 },
];

export interface SuggestTeam extends Team {
  tech3: InvitedMember;
  techs: InvitedMember[];
}

export async function createSuggestTeam(app: FastifyInstance): Promise<SuggestTeam> {
  const team = await createTeam(app, { timeZone: 'Europe/Berlin' });
  const { owner } = team;
  const tech3 = await inviteMember(app, owner, 'technician', { name: 'Theo Tech' });
  const hours = { workingHours: { start: '08:00', end: '17:00', days: [1, 2, 3, 4, 5] } };
  expect((await owner.client.patch(ws(owner.workspaceId), hours)).statusCode).toBe(200);
  const techs = [team.tech1, team.tech2, tech3];
  for (const [i, tech] of techs.entries()) {
    const res = await owner.client.patch(ws(owner.workspaceId, `/members/${tech.memberId}`), { homeBase: homes[i] });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...team, tech3, techs };
}

/** A new unscheduled job at the site. */
export function unscheduled(team: Team, overrides: Record<string, unknown> = {}): Promise<Job> {
  return createJob(team.owner, { title: 'Leaking tap', ...site, ...overrides });
}

export async function suggestions(team: Team, jobId: string, query: string): Promise<SlotSuggestions> {
  const res = await team.dispatcher.client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/suggestions?${query}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SlotSuggestions;
}
