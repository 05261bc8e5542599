import type { Job, TrackingLink } from '@fieldplan/shared';
import { expect } from 'vitest';
import { type Res, ws } from './helpers.js';
import { createJob, setStatus, type Team } from './schedule-helpers.js';

/** Tracking links: a visit happening now, and what dispatchers and customers see of it. */

const hourMs = 60 * 60 * 1000;

/** A job of tech1 that started 30 min ago and ends in an hour (or `offsetMs` later), at Torstraße 1. */
export async function visitNow(team: Team, offsetMs = 0): Promise<Job> {
  const start = Date.now() - hourMs / 2 + offsetMs;
  return createJob(team.owner, {
    start: new Date(start).toISOString(),
    end: new Date(start + 1.5 * hourMs).toISOString(),
    assigneeIds: [team.tech1.memberId],
  });
}

/** Moves the job to `status` as `caller` (tech1 by default); asserts 200 and returns the job. */
export async function moveTo(team: Team, job: Job, status: string, caller = team.tech1): Promise<Job> {
  const res = await setStatus(caller, job, status);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Job;
}

export async function linksOf(team: Team, jobId: string): Promise<TrackingLink[]> {
  const res = await team.dispatcher.client.get(ws(team.owner.workspaceId, `/tracking-links?jobId=${jobId}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrackingLink[];
}

/** The token at the end of a link's URL. */
export function tokenOf(link: TrackingLink): string {
  const match = /\/track\/([A-Za-z0-9_-]+)$/.exec(link.url);
  if (!match?.[1]) throw new Error(`not a tracking link: ${link.url}`);
  return match[1];
}

export type TrackRes = Res;
