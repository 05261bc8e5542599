import {
  bookingLimits,
  type DateFormat,
  dayMs,
  fallbackLocale,
  instantToWall,
  isLocale,
  type PublicBookingPage,
  type PublicChallenge,
  type PublicSlot,
  type PublicSlotsRequest,
  parseDateOnly,
  type TimeFormat,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lastChangeSeq } from '../../db/changes.js';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { listMembers } from '../members/index.js';
import { type SharedSlotReads, type SiteSlots, suggestForSite, type TravelProvider } from '../travel/index.js';
import { findWorkspaceBySlug } from '../workspaces/index.js';
import { expireHolds } from './expiry.js';
import type { ServiceRow, StoredBookingSettings } from './presenter.js';

type Slot = SiteSlots['slots'][number];

import { technicianIdsOf } from './presenter.js';
import { findService, listServices, loadBookingSettings } from './queries.js';
import { challengeClaim, type Signer } from './tokens.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const dates = defineMessages({
  from: { id: 'problems.booking.fromDate' },
});

/** What the public routes share: the database, drive times, the signing key and the business's phone. */
export interface PublicContext {
  db: Kysely<Database>;
  dialect: Dialect;
  provider: TravelProvider;
  signer: () => Promise<Signer>;
  /** Leading zero bits the proof of work asks for. */
  difficulty: number;
  /** Slot searches of one range share their reads while the change log stands still. */
  slotReads: SharedSlotReads;
  /** The business's phone number for the page and its messages (null when unknown). */
  phoneOf: (workspaceId: string) => Promise<string | null>;
}

export interface OpenPage {
  workspace: {
    id: string;
    name: string;
    slug: string;
    time_zone: string;
    time_format: string;
    date_format: string;
    language: string;
  };
  settings: StoredBookingSettings;
}

/** How long an offered slot may be sent back, and a challenge answered. */
export const slotOfferMs = 2 * 60 * 60_000;
export const challengeMs = 10 * 60_000;
/** Later starts in a free stretch of a day are offered an hour apart. */
const spacingMs = 60 * 60_000;

/** The workspace behind a booking page; 404 alike when there is none or its booking is off. */
export async function openPage(db: Kysely<Database>, slug: string): Promise<OpenPage> {
  const workspace = await findWorkspaceBySlug(db, slug);
  const settings = workspace && (await loadBookingSettings(db, workspace.id));
  if (!workspace || !settings?.enabled) throw notFound('Booking page');
  return { workspace, settings };
}

export async function publicPage(ctx: PublicContext, page: OpenPage): Promise<PublicBookingPage> {
  const services = (await listServices(ctx.db, page.workspace.id)).filter((s) => Number(s.active) === 1);
  return {
    company: { name: page.workspace.name, phone: await ctx.phoneOf(page.workspace.id) },
    intro: page.settings.intro,
    services: services.map((s) => ({ id: s.id, name: s.name, durationMinutes: Number(s.duration_minutes) })),
    horizonDays: page.settings.horizonDays,
    timeZone: page.workspace.time_zone,
    timeFormat: page.workspace.time_format as TimeFormat,
    dateFormat: page.workspace.date_format as DateFormat,
    language: isLocale(page.workspace.language) ? page.workspace.language : fallbackLocale,
  };
}

/** What the booking page is told when a request is refused, in its language (docs/PRODUCT.md, "Error catalogue"). */
export const refusals = defineMessages({
  chooseService: { id: 'problems.booking.chooseService' },
  outsideArea: { id: 'problems.booking.outsideArea' },
  outsideAreaCall: { id: 'problems.booking.outsideAreaCall' },
  spamCheck: { id: 'problems.booking.spamCheck' },
  chooseTime: { id: 'problems.booking.chooseTime' },
  offerExpired: { id: 'problems.booking.offerExpired' },
  slotTaken: { id: 'problems.booking.slotTaken' },
});

/** An active service of the workspace, else 400 at `serviceId`. */
export async function offeredService(db: Kysely<Database>, workspaceId: string, id: string): Promise<ServiceRow> {
  const service = await findService(db, workspaceId, id);
  if (!service || Number(service.active) !== 1) throw fieldError('serviceId', text(refusals.chooseService));
  return service;
}

/** 400 at `address` naming the phone: the site is outside every service area. */
export function outsideArea(phone: string | null) {
  return fieldError('address', phone ? text(refusals.outsideAreaCall, { phone }) : text(refusals.outsideArea));
}

/**
 * The slots offered for a service at a site: the travel suggester's (technicians of the service,
 * working hours, jobs and busy time, min notice, horizon), one per start time (the least added drive
 * wins it), in time order, each with a signed token naming technician, start and service.
 */
export async function publicSlots(
  ctx: PublicContext,
  page: OpenPage,
  input: PublicSlotsRequest,
  now = Date.now(),
): Promise<PublicSlot[]> {
  const { workspace, settings } = page;
  const service = await offeredService(ctx.db, workspace.id, input.serviceId);
  const zone = workspace.time_zone;
  const today = Math.floor(instantToWall(zone, now) / dayMs) * dayMs;
  const end = today + settings.horizonDays * dayMs;
  const asked = input.from === undefined ? today : parseDateOnly(input.from);
  if (asked === null) throw fieldError('from', text(dates.from));
  const first = Math.max(asked, today);
  const days = Math.min(bookingLimits.slotSearchDays, Math.round((end - first) / dayMs));
  // A hold that has run out frees its slot before the search sees it.
  await expireHolds(ctx.db, now, workspace.id);
  const search = {
    workspaceId: workspace.id,
    site: { lat: input.lat, lng: input.lng },
    durationMinutes: Number(service.duration_minutes),
    technicianIds: technicianIdsOf(service),
    notBefore: now + settings.minNoticeHours * 3_600_000,
    spacingMs,
  };
  // One search of the whole week: its reads (the range's visits, busy time) cost the same for two days
  // as for seven, so searching the first days alone first saved nothing (docs/PERFORMANCE.md). Searches
  // for other sites share those reads while no change is recorded (the losers of one slot, say).
  const week = { ...search, firstDate: first, days: Math.max(days, 0) };
  const reads = ctx.slotReads.readsAt(ctx.db, week, await lastChangeSeq(ctx.db, workspace.id));
  const found = await suggestForSite(ctx.db, ctx.provider, week, reads);
  if (found.outsideServiceAreas) throw outsideArea(await ctx.phoneOf(workspace.id));
  const best = new Map<number, Slot>();
  for (const slot of found.slots) if (!best.has(slot.start)) best.set(slot.start, slot);
  const chosen = [...best.values()].sort((a, b) => a.start - b.start).slice(0, bookingLimits.slotsMax);
  const names = new Map((await listMembers(ctx.db, workspace.id)).map((m) => [m.id, m.name.trim().split(/\s+/)[0]]));
  const sign = await ctx.signer();
  return chosen.map((slot) => {
    const first = names.get(slot.memberId);
    return {
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      token: sign.sign({
        kind: 'slot',
        w: workspace.id,
        s: service.id,
        m: slot.memberId,
        t: slot.start,
        exp: now + slotOfferMs,
      }),
      ...(first && { with: first }),
    };
  });
}

export async function newChallenge(ctx: PublicContext, page: OpenPage, now = Date.now()): Promise<PublicChallenge> {
  const claim = challengeClaim(page.workspace.id, ctx.difficulty, now, challengeMs);
  return { challenge: (await ctx.signer()).sign(claim), difficulty: claim.d };
}
