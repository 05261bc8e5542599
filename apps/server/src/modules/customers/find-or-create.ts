import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { versionedUpdate } from '../../db/versioned.js';
import type { Actor } from '../../http/workspace-access.js';
import { customerEntity, insertCustomer } from './service.js';

/** Who booked online: matched to a customer by email. */
export interface BookingCustomer {
  name: string;
  /** Lower-cased by the shared email field. */
  email: string;
  phone: string | null;
  address: string;
  lat: number;
  lng: number;
  /** The language the customer booked in, when they chose one. */
  language?: string | undefined;
}

/**
 * The workspace's customer with this email (the oldest, when several share it), or a new one made
 * from the booking, in the caller's transaction. A found customer's details are left as the office
 * keeps them: the booking's name and address stay on the request and the job (docs/adr/0030).
 */
export async function customerForBooking(
  trx: Transaction<Database>,
  actor: Actor,
  input: BookingCustomer,
): Promise<string> {
  const found = await trx
    .selectFrom('customers')
    .select(['id', 'language', 'version'])
    .where('workspace_id', '=', actor.workspaceId)
    .where('email', '=', input.email)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (found) {
    // A language the customer chose on the booking page becomes theirs unless the office set one.
    if (found.language === null && input.language) {
      const target = { id: found.id, version: Number(found.version) };
      await versionedUpdate(trx, customerEntity, actor, target, { language: input.language, updated_at: Date.now() });
    }
    return found.id;
  }
  const row = await insertCustomer(trx, actor, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    lat: input.lat,
    lng: input.lng,
    notes: '',
    language: input.language ?? null,
  });
  return row.id;
}
