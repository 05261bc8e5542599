import type { PresenceMember } from '../adapters/adapter.js';
import type { Connection } from '../connection.js';
import type { ServerContext } from '../context.js';
import { channelKind, channelNameProblem } from '../protocol/channel-names.js';
import { ErrorCode } from '../protocol/codes.js';
import { frames, presenceData } from '../protocol/messages.js';
import { authError, invalidSignature, isRecord, type Rejection, reject, signedForSocket } from './admission.js';
import { admitPresence, joinPresence, leavePresence } from './presence.js';
import { admitPrivate } from './private.js';
import { admitUserChannel } from './user.js';

/** `pusher:subscribe`: checks the name and authorization, joins, answers `subscription_succeeded`. */
export async function subscribe(ctx: ServerContext, conn: Connection, data: unknown): Promise<void> {
  const channel = isRecord(data) ? data.channel : undefined;
  const problem = channelNameProblem(channel, ctx.limits.maxChannelNameLength);
  if (problem !== null || typeof channel !== 'string') {
    conn.sendError(ErrorCode.InvalidChannel, problem ?? 'Channel name missing');
    if (typeof channel === 'string' && channel !== '') {
      conn.send(frames.subscriptionError(channel, 'InvalidChannel', problem ?? '', ErrorCode.InvalidChannel));
    }
    return;
  }
  const fields = isRecord(data) ? data : {};
  if (conn.subscriptions.has(channel)) return resendSuccess(ctx, conn, channel);
  const kind = channelKind(channel);
  const held = conn.awaitingSignIn.has(channel);
  if (!held && conn.channelCount >= ctx.limits.maxSubscriptionsPerConnection) {
    const message = `A connection may hold at most ${ctx.limits.maxSubscriptionsPerConnection} channels`;
    const code = ErrorCode.TooManySubscriptions;
    return reject(conn, channel, { type: 'LimitReached', message, status: code, code });
  }
  if (ctx.requireSignIn && !conn.user && (kind === 'private' || kind === 'presence')) {
    // A forged or replayed authorization is refused now, as without sign-in; only a signed one waits.
    if (!signedForSocket(ctx, conn, channel, fields)) return reject(conn, channel, invalidSignature(channel));
    return awaitSignIn(ctx, conn, channel, fields);
  }
  return admit(ctx, conn, channel, fields);
}

/** Authorizes and joins a channel that needs no (more) waiting. */
async function admit(ctx: ServerContext, conn: Connection, channel: string, fields: Record<string, unknown>) {
  const kind = channelKind(channel);
  let member: PresenceMember | undefined;
  let rejection: Rejection | null = null;
  if (kind === 'private') rejection = admitPrivate(ctx, conn, channel, fields);
  else if (kind === 'user') rejection = admitUserChannel(conn, channel);
  else if (kind === 'presence') {
    const admitted = admitPresence(ctx, conn, channel, fields);
    if ('member' in admitted) member = admitted.member;
    else rejection = admitted;
  }
  if (rejection) return reject(conn, channel, rejection);

  if (!member) {
    addSubscriber(ctx, conn, channel, undefined);
    conn.send(frames.subscriptionSucceeded(channel));
    return;
  }
  const joined = await joinPresence(ctx, conn, channel, member);
  if ('type' in joined) return reject(conn, channel, joined);
  addSubscriber(ctx, conn, channel, member);
  conn.presenceViews.set(channel, new Set(joined.members.map((m) => m.id)));
  conn.send(frames.subscriptionSucceeded(channel, presenceData(joined.members)));
  joined.announce();
}

/**
 * `requireSignIn`: pusher-js sends `pusher:signin` and its subscriptions each after its own auth request,
 * in no set order, so a subscription that comes first waits (counted against the connection's channels)
 * until the sign-in or `limits.signInTimeoutSeconds`, then is refused.
 */
function awaitSignIn(ctx: ServerContext, conn: Connection, channel: string, fields: Record<string, unknown>): void {
  conn.awaitingSignIn.set(channel, fields);
  if (conn.signInDeadline) return;
  const refuseAll = () => {
    for (const name of conn.awaitingSignIn.keys()) {
      reject(conn, name, authError(`Sign in (pusher:signin) before subscribing to ${name}`));
    }
    conn.awaitingSignIn.clear();
  };
  conn.signInDeadline = setTimeout(() => {
    conn.signInDeadline = undefined;
    conn.queue = conn.queue.then(() => (conn.closed ? undefined : refuseAll()));
  }, ctx.limits.signInTimeoutSeconds * 1000);
  conn.signInDeadline.unref();
}

/** The connection signed in: admits, in order, what waited for it. Runs in the connection's frame queue. */
export async function admitAwaitingSignIn(ctx: ServerContext, conn: Connection): Promise<void> {
  clearTimeout(conn.signInDeadline);
  conn.signInDeadline = undefined;
  const waiting = [...conn.awaitingSignIn];
  conn.awaitingSignIn.clear();
  for (const [channel, fields] of waiting) {
    if (conn.closed) return;
    await admit(ctx, conn, channel, fields);
  }
}

/** `pusher:unsubscribe`, and every subscription of a closed connection. */
export async function unsubscribe(ctx: ServerContext, conn: Connection, channel: string): Promise<void> {
  conn.awaitingSignIn.delete(channel);
  if (!conn.subscriptions.has(channel)) return;
  const member = conn.subscriptions.get(channel);
  conn.subscriptions.delete(channel);
  conn.presenceViews.delete(channel);
  ctx.adapter.subscriptionCountChanged(channel, ctx.hub.leave(channel, conn));
  if (member) await leavePresence(ctx, channel, member.id);
}

export async function unsubscribeAll(ctx: ServerContext, conn: Connection): Promise<void> {
  await Promise.all([...conn.subscriptions.keys()].map((channel) => unsubscribe(ctx, conn, channel)));
}

function addSubscriber(ctx: ServerContext, conn: Connection, channel: string, member: PresenceMember | undefined) {
  conn.subscriptions.set(channel, member);
  ctx.adapter.subscriptionCountChanged(channel, ctx.hub.join(channel, conn));
}

/** A repeated subscribe is answered as a success again (with the current members for presence). */
async function resendSuccess(ctx: ServerContext, conn: Connection, channel: string): Promise<void> {
  if (conn.subscriptions.get(channel) === undefined) return conn.send(frames.subscriptionSucceeded(channel));
  const members = await ctx.adapter.presenceMembers(channel);
  conn.presenceViews.set(channel, new Set(members.map((m) => m.id)));
  conn.send(frames.subscriptionSucceeded(channel, presenceData(members)));
}
