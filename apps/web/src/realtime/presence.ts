import { type PresenceInfo, presenceInfoSchema } from '@fieldplan/shared';
import type { PresenceChannel } from 'pusher-js';
import type { PresenceMember } from './realtime-slice';

/** Who is on a presence channel now, in the order they came; malformed entries are left out. */
export function presenceMembersOf(channel: PresenceChannel): PresenceMember[] {
  const list: PresenceMember[] = [];
  channel.members.each((member: { id: string; info: unknown }) => {
    const info = presenceInfoSchema.safeParse(member.info);
    if (info.success) list.push({ id: member.id, ...(info.data satisfies PresenceInfo) });
  });
  return list;
}
