import { isIPv4, isIPv6 } from 'node:net';
import { type BookingCapScope, type BookingRequestList, bookingLimits } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import type { LocalText } from '../../errors/local-text.js';
import { defineMessages } from '../../i18n/index.js';

// A full booking page in the customer's language (docs/PRODUCT.md, "Online booking").
const capTexts = defineMessages({
  call: { id: 'problems.booking.callUs' },
  callAt: { id: 'problems.booking.callUsAt' },
  workspace: { id: 'problems.booking.capWorkspace' },
  email: { id: 'problems.booking.capEmail' },
  connection: { id: 'problems.booking.capConnection' },
});

// The booking page's pending caps (docs/PRODUCT.md, "Online booking"): the workspace's own, and beneath
// it one address's and one network's, so a single sender cannot fill the workspace's cap and close the
// page for every other customer. A refusal is remembered for the office's Requests screen.

/**
 * The network an address belongs to for the caps: an IPv4 /24 (`203.0.113.0/24`), an IPv6 /64
 * (`2001:db8:0:1::/64`); an IPv4-mapped IPv6 address counts as its IPv4 one. Anything else is its own.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) lies in the last 32 bits, outside the /64 that matters here.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A pending cap refused the request: 429, said plainly, and the office is told which cap it was. */
export class CapReached extends AppError {
  constructor(
    readonly scope: BookingCapScope | 'email',
    detail: string | LocalText,
  ) {
    super('rate_limited', detail, { retryAfter: 3600 });
  }
}

/**
 * Throws CapReached when the workspace, this email address, this client address or its network already
 * has as many pending requests as it may. Run under the workspace's change-log lock, so the counts are exact.
 */
export async function checkPendingCaps(
  trx: Transaction<Database>,
  workspaceId: string,
  cap: number,
  sender: { email: string; address: string },
  phone: string | null,
): Promise<void> {
  const pending = await trx
    .selectFrom('booking_requests')
    .select(['email', 'client_address'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'pending')
    .execute();
  const refusal =
    (message: { id: string }, values: Record<string, string> = {}): LocalText =>
    (intl) =>
      intl.formatMessage(message, {
        ...values,
        callUs: phone ? intl.formatMessage(capTexts.callAt, { phone }) : intl.formatMessage(capTexts.call),
      });
  if (pending.length >= cap) {
    throw new CapReached('workspace', refusal(capTexts.workspace));
  }
  if (pending.filter((p) => p.email === sender.email).length >= bookingLimits.pendingPerEmail) {
    throw new CapReached('email', refusal(capTexts.email, { max: String(bookingLimits.pendingPerEmail) }));
  }
  const fromHere = refusal(capTexts.connection);
  if (pending.filter((p) => p.client_address === sender.address).length >= bookingLimits.pendingPerAddress) {
    throw new CapReached('address', fromHere);
  }
  const network = networkOf(sender.address);
  const fromNetwork = pending.filter((p) => p.client_address !== null && networkOf(p.client_address) === network);
  if (fromNetwork.length >= bookingLimits.pendingPerNetwork) throw new CapReached('network', fromHere);
}

/** Remembers a refusal for the office (its own small write, after the refused request rolled back). */
export async function noteCapHit(db: Kysely<Database>, workspaceId: string, scope: BookingCapScope, now: number) {
  await db
    .updateTable('booking_settings')
    .set({ cap_hit_at: now, cap_hit_scope: scope })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** The last refusal at a cap, while the office is still shown it. */
export async function recentCapHit(
  db: Kysely<Database>,
  workspaceId: string,
  now: number,
): Promise<BookingRequestList['capHit']> {
  const row = await db
    .selectFrom('booking_settings')
    .select(['cap_hit_at', 'cap_hit_scope'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  const at = row?.cap_hit_at === null || row?.cap_hit_at === undefined ? null : Number(row.cap_hit_at);
  const scope = row?.cap_hit_scope as BookingCapScope | null | undefined;
  if (at === null || !scope || now - at > bookingLimits.capHitShownMs) return null;
  return { at: new Date(at).toISOString(), scope };
}
