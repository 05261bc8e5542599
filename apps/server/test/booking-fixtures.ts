import { createHash } from 'node:crypto';
import {
  type BookingService,
  type BookingSettings,
  leadingZeroBits,
  type PublicChallenge,
  type PublicSlot,
  type Workspace,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { Client, createTestDb } from './harness.js';
import { ws } from './helpers.js';
import { createTeam, ifMatch, type Team } from './schedule-helpers.js';

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;
/** Low, so tests solve challenges in milliseconds; the server's default is 16. */
export const testDifficulty = 8;

/** The real app with booking's sweep and the notification worker off (tests drive both with their clock). */
export async function bookingApp(db: Db, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'a booking test secret of at least 32 characters',
      PUBLIC_URL: 'http://localhost:80',
      ...env,
    }),
    WEB_DIST: '',
  };
  const app = await buildApp({
    config,
    db,
    logger: false,
    signInPerMinute: 1000,
    notifications: { worker: false },
    booking: { sweep: false, difficulty: testDifficulty },
  });
  await app.ready();
  return app;
}

/** A test database, the booking app on it and a booking team — the setup every booking test shares. */
export async function bookingTestApp(): Promise<{
  db: Db;
  app: FastifyInstance;
  team: BookingTeam;
  /** Closes the app and drops the database. */
  stop(): Promise<void>;
}> {
  const { db, cleanup } = await createTestDb();
  const app = await bookingApp(db);
  const team = await bookingTeam(app);
  return {
    db,
    app,
    team,
    stop: async () => {
      await app.close();
      await cleanup();
    },
  };
}

export interface BookingTeam extends Team {
  slug: string;
  settings: BookingSettings;
  /** Done by tech1 only, 60 minutes. */
  service: BookingService;
}

/**
 * A team in UTC working 08:00–17:00 every day (so any test day has hours), booking on with a 60-minute
 * service done by tech1 only.
 */
export async function bookingTeam(app: FastifyInstance, settings: Partial<BookingSettings> = {}): Promise<BookingTeam> {
  const team = await createTeam(app, { timeZone: 'UTC' });
  const hours = await team.owner.client.patch(ws(team.owner.workspaceId), {
    workingHours: { start: '08:00', end: '17:00', days: [0, 1, 2, 3, 4, 5, 6] },
  });
  expect(hours.statusCode, hours.body).toBe(200);
  const { slug } = hours.json() as Workspace;
  const saved = await putSettings(team, 0, settings);
  expect(saved.statusCode, saved.body).toBe(200);
  const service = await team.owner.client.post(ws(team.owner.workspaceId, '/booking/services'), {
    name: 'Boiler service',
    durationMinutes: 60,
    technicianIds: [team.tech1.memberId],
  });
  expect(service.statusCode, service.body).toBe(201);
  return { ...team, slug, settings: saved.json() as BookingSettings, service: service.json() as BookingService };
}

export function putSettings(team: Team, version: number, settings: Partial<BookingSettings> = {}) {
  return team.owner.client.request(
    'PUT',
    ws(team.owner.workspaceId, '/booking/settings'),
    {
      enabled: true,
      autoConfirm: false,
      holdHours: 24,
      pendingCap: 50,
      horizonDays: 14,
      minNoticeHours: 2,
      intro: 'Book a visit',
      ...Object.fromEntries(
        Object.entries(settings).filter(([k]) => !['version', 'publicUrl', 'embedSnippet'].includes(k)),
      ),
    },
    ifMatch(version),
  );
}

/** Tomorrow's date (UTC), `YYYY-MM-DD`, plus `days`. */
export const dateIn = (days = 1) => new Date(Date.now() + days * dayMs).toISOString().slice(0, 10);
/** An instant on a date (UTC) at `hh:mm`. */
export const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`);

/** A customer's browser on the booking page, from its own address (per-address limits). */
export function visitor(app: FastifyInstance, address: string) {
  return new Client(app, { origin: null, remoteAddress: address });
}

export const site = { lat: 52.52, lng: 13.405 };

export async function slotsFor(client: Client, team: BookingTeam, from = dateIn(1), where = site) {
  const res = await client.post(`/api/public/book/${team.slug}/slots`, {
    serviceId: team.service.id,
    ...where,
    from,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: PublicSlot[] }).slots;
}

/** The nonce a browser would find: sha256(`challenge:nonce`) with `difficulty` leading zero bits. */
export function solve({ challenge, difficulty }: PublicChallenge): string {
  for (let n = 0; ; n += 1) {
    const digest = createHash('sha256').update(`${challenge}:${n}`).digest();
    if (leadingZeroBits(digest) >= difficulty) return String(n);
  }
}

export async function challengeFor(client: Client, team: BookingTeam) {
  const res = await client.post(`/api/public/book/${team.slug}/challenge`);
  expect(res.statusCode, res.body).toBe(200);
  const challenge = res.json() as PublicChallenge;
  return { challenge: challenge.challenge, nonce: solve(challenge) };
}

/** A request body for `slot`, with a solved challenge. */
export async function requestBody(client: Client, team: BookingTeam, slot: PublicSlot, extra = {}) {
  return {
    slotToken: slot.token,
    serviceId: team.service.id,
    name: 'Anna Schmidt',
    email: 'anna@example.test',
    phone: '+49 30 1234567',
    address: 'Kastanienallee 12, 10435 Berlin',
    ...site,
    notes: 'Side door',
    website: '',
    ...(await challengeFor(client, team)),
    ...extra,
  };
}

export function submit(client: Client, team: BookingTeam, body: unknown) {
  return client.post(`/api/public/book/${team.slug}/requests`, body);
}
