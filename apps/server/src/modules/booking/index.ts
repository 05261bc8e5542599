/** Online booking: the office's settings, services and requests, the public booking page's API, hold expiry. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { startPeriodic } from '../../http/repeat-while-serving.js';
import { installSecret } from '../../realtime/credentials.js';
import { findJobRow, observeJobSaves } from '../jobs/index.js';
import { companyPhoneOf, holdBookingConfirmations } from '../notifications/index.js';
import type { PublicPlaceSearch } from '../places/index.js';
import { SharedSlotReads, travelProviderOf } from '../travel/index.js';
import { closeRequestOfDeletedJob } from './decide.js';
import { expireHolds } from './expiry.js';
import type { PublicContext } from './public.js';
import { publicBookingRoutes } from './public-routes.js';
import { bookingRoutes } from './routes.js';
import { type Signer, signer } from './tokens.js';

export { bookingRequestLive } from './live.js';
export { publicBookingLimits } from './public-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hold expiry, for tests that drive it with their own clock. */
    booking: { expireHolds(now?: number): Promise<number> };
  }
}

export interface BookingOptions {
  /** The public page's address search (the places module's, without customers). */
  places: PublicPlaceSearch;
  /** Leading zero bits of the proof of work (default 16: well under a second in a browser's worker). */
  difficulty?: number;
  /** Sweep expired holds in the background (default true); tests call `app.booking.expireHolds`. */
  sweep?: boolean;
}

/** How often expired holds are swept (besides being expired whenever requests or slots are read). */
const sweepEveryMs = 60_000;

export function registerBooking(app: FastifyInstance, deps: Deps, options: BookingOptions) {
  const { config, db } = deps;
  // A job whose request is still pending sends no booking confirmation of its own (docs/adr/0030).
  holdBookingConfirmations(async (trx, workspaceId, jobId) => {
    const job = await findJobRow(trx, workspaceId, jobId);
    return job?.booking_status === 'pending';
  });
  // Deleting a pending request's job declines the request (docs/adr/0030, "A deleted job").
  observeJobSaves(closeRequestOfDeletedJob);
  let key: Promise<Signer> | null = null;
  const ctx: PublicContext = {
    db: db.kysely,
    dialect: db.dialect,
    provider: travelProviderOf(config),
    signer: () => {
      key ??= (async () => {
        const secret = config.SESSION_SECRET ?? (await installSecret(db, 'booking'));
        return signer(createHash('sha256').update(`fieldplan booking tokens:${secret}`).digest());
      })();
      return key;
    },
    difficulty: options.difficulty ?? 16,
    slotReads: new SharedSlotReads(),
    // The same company phone the customer's messages give (Settings → Notifications).
    phoneOf: async (workspaceId) => (await companyPhoneOf(db.kysely, workspaceId)) || null,
  };
  bookingRoutes(app, deps);
  publicBookingRoutes(app, deps, ctx, options.places);
  if (options.sweep !== false) {
    startPeriodic(app, db, {
      name: 'booking-holds',
      everyMs: sweepEveryMs,
      leaseMs: 2 * sweepEveryMs,
      run: () => expireHolds(db.kysely),
    });
  }
  app.decorate('booking', { expireHolds: (now = Date.now()) => expireHolds(db.kysely, now) });
}
