import type { PresenceMember } from '../adapters/adapter.js';
import { channelAuthText, verifySocketAuth } from '../auth.js';
import type { Connection } from '../connection.js';
import type { ServerContext } from '../context.js';
import { ErrorCode } from '../protocol/codes.js';
import { frames } from '../protocol/messages.js';
import { authError, invalidSignature, isRecord, type Rejection } from './admission.js';

/**
 * A `presence-` channel: the signature over `socket_id:channel:channel_data` is checked first, and only
 * then is `channel_data` parsed. A signed-in connection may omit `channel_data` (signature over
 * `socket_id:channel`); it then joins as its signed-in user.
 */
export function admitPresence(
  ctx: ServerContext,
  conn: Connection,
  channel: string,
  data: Record<string, unknown>,
): { member: PresenceMember } | Rejection {
  const channelData = data.channel_data;
  if (channelData === undefined && conn.user) {
    const ok = verifySocketAuth(data.auth, ctx.key, ctx.secret, channelAuthText(conn.socketId, channel));
    return ok ? { member: { id: conn.user.id, info: conn.user.info } } : invalidSignature(channel);
  }
  if (typeof channelData !== 'string') return authError(`channel_data missing for ${channel}`);
  if (!verifySocketAuth(data.auth, ctx.key, ctx.secret, channelAuthText(conn.socketId, channel, channelData))) {
    return invalidSignature(channel);
  }
  const parsed = parseMember(channelData, ctx.limits.maxUserInfoBytes);
  // requireSignIn: the member is who the connection signed in as, so terminating that user finds it.
  if (ctx.requireSignIn && 'member' in parsed && parsed.member.id !== conn.user?.id) {
    return authError(`${channel} was authorized for another user than the signed-in one`);
  }
  return parsed;
}

/** `{user_id, user_info}` from signed `channel_data`; `user_info` no larger than `maxInfoBytes` of JSON. */
export function parseMember(channelData: string, maxInfoBytes: number): { member: PresenceMember } | Rejection {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return { type: 'BadRequest', message: 'channel_data is not JSON', status: 400, code: ErrorCode.BadRequest };
  }
  const userId = isRecord(parsed) ? parsed.user_id : undefined;
  if (!((typeof userId === 'string' && userId !== '') || typeof userId === 'number')) {
    return { type: 'BadRequest', message: 'channel_data needs a user_id', status: 400, code: ErrorCode.BadRequest };
  }
  const info = isRecord(parsed) ? (parsed.user_info ?? null) : null;
  if (Buffer.byteLength(JSON.stringify(info)) > maxInfoBytes) {
    const message = `user_info is larger than ${maxInfoBytes} bytes`;
    return { type: 'LimitReached', message, status: ErrorCode.UserInfoTooLarge, code: ErrorCode.UserInfoTooLarge };
  }
  return { member: { id: String(userId), info } };
}

/** One more connection of `member` on the channel; announces the user to others on their first join. */
export async function joinPresence(
  ctx: ServerContext,
  conn: Connection,
  channel: string,
  member: PresenceMember,
): Promise<{ members: PresenceMember[]; announce: () => void } | Rejection> {
  const result = await ctx.adapter.presenceJoin(channel, member, ctx.limits.maxPresenceMembers);
  if (result.status === 'full') {
    const message = `${channel} already has ${ctx.limits.maxPresenceMembers} members`;
    return { type: 'LimitReached', message, status: ErrorCode.PresenceFull, code: ErrorCode.PresenceFull };
  }
  const announce = () => {
    if (result.firstJoin) ctx.broadcast(channel, frames.memberAdded(channel, member.id, member.info), conn.socketId);
  };
  return { members: result.members, announce };
}

/** One connection of the user left; tells everyone when it was the user's last one anywhere. */
export async function leavePresence(ctx: ServerContext, channel: string, userId: string): Promise<void> {
  if (await ctx.adapter.presenceLeave(channel, userId)) ctx.broadcast(channel, frames.memberRemoved(channel, userId));
}
