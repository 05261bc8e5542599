import {
  dayMs,
  formatDateOnly,
  instantToWall,
  type PublicBookingResult,
  type PublicBookingSubmit,
} from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { newId } from '../../lib/ids.js';
import { customerForBooking } from '../customers/index.js';
import { memberHasOneOffIn, saveJob } from '../jobs/index.js';
import { enqueueJobNotification } from '../notifications/index.js';
import { siteSlotFits } from '../travel/index.js';
import { CapReached, checkPendingCaps, noteCapHit } from './caps.js';
import { pageActor, requestEntity } from './decide.js';
import { anyOverdue, expireHoldsIn } from './expiry.js';
import type { ServiceRow } from './presenter.js';
import { type OpenPage, offeredService, outsideArea, type PublicContext, publicSlots, refusals } from './public.js';
import { inTurn, lockTurn, TurnTimeout } from './slot-turn.js';
import { powSolved, type SlotClaim } from './tokens.js';

/** The slot was taken between the offer and the submit: 409 with fresh slots to choose from. */
class SlotTaken extends Error {}

const challengeProblem = () => fieldError('challenge', text(refusals.spamCheck));

/**
 * A customer's booking request (docs/adr/0030-online-booking.md). Checks the challenge and the slot
 * token, then waits its turn for the technician's day (docs/adr/0038-booking-slot-turns.md) and in one
 * transaction frees overdue holds, re-checks the slot with the suggester's own rules, and only then
 * takes the workspace's change-log lock to use the challenge up, apply the pending caps and write
 * customer, scheduled job, request, change and email together.
 */
export async function submitRequest(
  ctx: PublicContext,
  page: OpenPage,
  input: PublicBookingSubmit,
  clientAddress: string,
  now = Date.now(),
): Promise<PublicBookingResult> {
  const { workspace } = page;
  const sign = await ctx.signer();
  const challenge = sign.verify(input.challenge, 'pow');
  if (!challenge || challenge.w !== workspace.id || challenge.exp < now) throw challengeProblem();
  if (!powSolved(input.challenge, input.nonce, challenge.d)) throw challengeProblem();
  const slot = sign.verify(input.slotToken, 'slot');
  if (!slot || slot.w !== workspace.id || slot.s !== input.serviceId) {
    throw fieldError('slotToken', text(refusals.chooseTime));
  }
  if (slot.exp < now) throw fieldError('slotToken', text(refusals.offerExpired));
  const service = await offeredService(ctx.db, workspace.id, input.serviceId);
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const phone = await ctx.phoneOf(workspace.id);
  const day = Math.floor(instantToWall(workspace.time_zone, slot.t) / dayMs) * dayMs;
  const turn = `booking:${workspace.id}:${slot.m}:${day}`;
  try {
    return await inTurn(turn, () =>
      ctx.db.transaction().execute(async (trx) => {
        await lockTurn(trx, ctx.dialect, turn);
        if (await takenAlready(trx, workspace.id, slot, Number(service.duration_minutes), now)) throw new SlotTaken();
        return write(
          trx,
          ctx,
          page,
          { input, service, slot, challengeId: challenge.id, challengeExp: challenge.exp, phone },
          clientAddress,
          now,
        );
      }),
    );
  } catch (error) {
    if (error instanceof CapReached && error.scope !== 'email')
      await noteCapHit(ctx.db, workspace.id, error.scope, now);
    // Out of turn after the bound: someone is booking this day right now; the fresh slots tell whether it was this time.
    if (!(error instanceof SlotTaken || error instanceof TurnTimeout)) throw error;
    const from = formatDateOnly(day);
    const slots = await publicSlots(
      ctx,
      page,
      { serviceId: input.serviceId, lat: input.lat, lng: input.lng, from },
      now,
    );
    // AppError's `extra` is spread into the problem body, `slots` included (docs/PRODUCT.md, "Online booking").
    const extra: AppError['extra'] & { slots: typeof slots } = { slots };
    throw new AppError('slot_taken', text(refusals.slotTaken), extra);
  }
}

/**
 * The quick answer for those who lost the slot: the winner's job is there (booked by either process),
 * found with two small reads. False sends the booking on to the full check (drive times, series).
 */
async function takenAlready(
  trx: Transaction<Database>,
  workspaceId: string,
  slot: SlotClaim,
  minutes: number,
  now: number,
): Promise<boolean> {
  // A run-out hold still shows as a job until the full check expires it.
  if (await anyOverdue(trx, workspaceId, now)) return false;
  return memberHasOneOffIn(trx, workspaceId, slot.m, { start: slot.t, end: slot.t + minutes * 60_000 });
}

interface Checked {
  input: PublicBookingSubmit;
  service: ServiceRow;
  slot: SlotClaim;
  challengeId: string;
  challengeExp: number;
  /** The business's phone, for the messages that ask the customer to call. */
  phone: string | null;
}

async function write(
  trx: Transaction<Database>,
  ctx: PublicContext,
  page: OpenPage,
  { input, service, slot, challengeId, challengeExp, phone }: Checked,
  clientAddress: string,
  now: number,
): Promise<PublicBookingResult> {
  const { workspace, settings } = page;
  const actor = pageActor(workspace.id);
  // A spent challenge costs no slot check (it is claimed for good under the lock below).
  const spent = await trx
    .selectFrom('booking_challenges')
    .select('id')
    .where('id', '=', challengeId)
    .executeTakeFirst();
  if (spent) throw challengeProblem();
  // A run-out hold frees its slot before the re-check (this takes the change-log lock only when one has run out).
  await expireHoldsIn(trx, workspace.id, now);

  const durationMinutes = Number(service.duration_minutes);
  const search = {
    workspaceId: workspace.id,
    site: { lat: input.lat, lng: input.lng },
    durationMinutes,
    firstDate: Math.floor(instantToWall(workspace.time_zone, slot.t) / dayMs) * dayMs,
    days: 1,
    technicianIds: [slot.m],
    notBefore: now + settings.minNoticeHours * 3_600_000,
  };
  const horizonEnd = (Math.floor(instantToWall(workspace.time_zone, now) / dayMs) + settings.horizonDays) * dayMs;
  const fit = search.firstDate >= horizonEnd ? 'taken' : await siteSlotFits(trx, ctx.provider, search, slot.m, slot.t);
  if (fit === 'outside') throw outsideArea(phone);
  if (fit === 'taken') throw new SlotTaken();

  // The day is ours (slot-turn.ts); the workspace's writes wait only from here to the commit.
  await lockChangeLog(trx, workspace.id);
  const used = await trx
    .insertInto('booking_challenges')
    .values({ id: challengeId, workspace_id: workspace.id, expires_at: challengeExp, used_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(used.numInsertedOrUpdatedRows ?? 0) === 0) throw challengeProblem();

  await checkPendingCaps(trx, workspace.id, settings.pendingCap, { email: input.email, address: clientAddress }, phone);

  const status = settings.autoConfirm ? 'confirmed' : 'pending';
  const requestId = newId();
  const jobId = newId();
  // Who booked and where: the customer record's and the request's own copy.
  const contact = {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    address: input.address,
    lat: input.lat,
    lng: input.lng,
  };
  const customerId = await customerForBooking(trx, actor, { ...contact, language: input.language });
  const end = slot.t + durationMinutes * 60_000;
  await saveJob(trx, actor, workspace.time_zone, {
    id: jobId,
    draft: {
      title: service.name,
      description: input.notes ?? '',
      customerId,
      address: input.address,
      lat: input.lat,
      lng: input.lng,
      start: slot.t,
      end,
      allDay: false,
      priority: 3,
      assigneeIds: [slot.m],
      rrule: null,
      status: 'scheduled',
      flexibleWindow: null,
    },
    expected: null,
    exceptions: [],
    exceptionsChanged: false,
    assigneesChanged: true,
    booking: { id: requestId, status },
  });
  await trx
    .insertInto('booking_requests')
    .values({
      id: requestId,
      workspace_id: workspace.id,
      job_id: jobId,
      service_id: service.id,
      service_name: service.name,
      start_at: slot.t,
      end_at: end,
      technician_id: slot.m,
      status,
      customer_id: customerId,
      ...contact,
      notes: input.notes ?? '',
      hold_expires_at: status === 'pending' ? now + settings.holdHours * 3_600_000 : null,
      created_at: now,
      decided_at: status === 'pending' ? null : now,
      decided_by: null,
      decline_reason: null,
      client_address: clientAddress,
      version: 1,
    })
    .execute();
  await recordChange(trx, {
    workspaceId: workspace.id,
    entity: requestEntity,
    entityId: requestId,
    action: 'created',
    actorId: null,
  });
  // Auto-confirmed: the job's own save already queued the booking confirmation (a job became scheduled).
  if (status === 'pending') {
    await enqueueJobNotification(trx, {
      workspaceId: workspace.id,
      jobId,
      kind: 'booking_requested',
      eventKey: `request:${requestId}`,
      now,
    });
  }
  return {
    id: requestId,
    status,
    start: new Date(slot.t).toISOString(),
    end: new Date(end).toISOString(),
    serviceName: service.name,
  };
}

/** A filled honeypot gets an answer that looks like success, so the robot learns nothing (docs/adr/0030). */
export function decoyResult(service: { id: string; name: string; durationMinutes: number } | undefined, now: number) {
  const start = now + dayMs;
  return {
    id: newId(),
    status: 'pending' as const,
    start: new Date(start).toISOString(),
    end: new Date(start + (service?.durationMinutes ?? 60) * 60_000).toISOString(),
    serviceName: service?.name ?? 'Booking',
  };
}
