import type { PresenceMember } from './adapters/adapter.js';
import type { Connection } from './connection.js';
import { frames } from './protocol/messages.js';

const MEMBER_FRAME = '{"event":"pusher_internal:member_';

/** The user a member_added / member_removed frame is about, or null for any other frame. */
export function memberFrameUser(frame: string): { added: boolean; userId: string } | null {
  if (!frame.startsWith(MEMBER_FRAME)) return null;
  try {
    const { event, data } = JSON.parse(frame) as { event: string; data: string };
    const userId = (JSON.parse(data) as { user_id?: unknown }).user_id;
    if (typeof userId !== 'string') return null;
    return { added: event === 'pusher_internal:member_added', userId };
  } catch {
    return null;
  }
}

/**
 * Sends `conn` the member_added and member_removed that bring what it was told of `channel` to
 * `members`; users in `skip` (something about them is on its way already) are left alone.
 */
export function correctView(
  conn: Connection,
  channel: string,
  members: readonly PresenceMember[],
  skip: ReadonlySet<string>,
): number {
  const view = conn.presenceViews.get(channel);
  if (!view) return 0;
  let sent = 0;
  const present = new Set(members.map((m) => m.id));
  for (const userId of [...view]) {
    if (present.has(userId) || skip.has(userId)) continue;
    view.delete(userId);
    conn.send(frames.memberRemoved(channel, userId));
    sent += 1;
  }
  for (const member of members) {
    if (view.has(member.id) || skip.has(member.id)) continue;
    view.add(member.id);
    conn.send(frames.memberAdded(channel, member.id, member.info));
    sent += 1;
  }
  return sent;
}
