import { type TravelSettings, trackingChannel, trackingEvents } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { notePublish, type OutgoingMessage } from '../../db/outbox.js';
import type { Database } from '../../db/schema.js';
import { type LinkRow, linkByIds, openLinksOfMember } from './queries.js';
import { trackingView } from './view.js';

// Tracking channels carry exactly what the page shows, built from committed state after the request
// (db/outbox.ts): `update` with the view, or `ended` once the link stopped working.

async function messagesOf(db: Kysely<Database>, links: LinkRow[], travel: TravelSettings): Promise<OutgoingMessage[]> {
  const out: OutgoingMessage[] = [];
  for (const link of links) {
    const view = await trackingView(db, link, travel);
    const channel = trackingChannel(link.token_hash);
    out.push(
      view ? { channel, event: trackingEvents.update, data: view } : { channel, event: trackingEvents.ended, data: {} },
    );
  }
  return out;
}

/** After this request, tell the pages of these links what they show now. */
export function noteLinksChanged(linkIds: readonly string[], travel: TravelSettings): void {
  if (linkIds.length === 0) return;
  notePublish(`tracking:${[...linkIds].sort().join(',')}`, async (db) =>
    messagesOf(db, await linkByIds(db, linkIds), travel),
  );
}

/** After this request, the technician's live links show their new position (only en route ones move). */
export function noteMemberMoved(workspaceId: string, memberId: string, travel: TravelSettings): void {
  notePublish(`tracking-member:${memberId}`, async (db) => {
    const links = await openLinksOfMember(db, workspaceId, memberId);
    const out = await messagesOf(db, links, travel);
    // A moving technician changes only en route pages; the others need no message.
    return out.filter((m) => m.event === trackingEvents.update && (m.data as { position: unknown }).position !== null);
  });
}
