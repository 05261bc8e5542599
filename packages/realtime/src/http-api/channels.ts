import type { ServerContext } from '../context.js';
import { channelKind, channelNameProblem } from '../protocol/channel-names.js';
import { type ApiResult, fail, infoAttributes, ok } from './result.js';

/** `GET /apps/:id/channels?filter_by_prefix=&info=user_count` — occupied channels on every process. */
export async function listChannels(ctx: ServerContext, params: Map<string, string>): Promise<ApiResult> {
  const prefix = params.get('filter_by_prefix') ?? '';
  const info = infoAttributes(params.get('info'));
  if (info.has('user_count') && !prefix.startsWith('presence-')) {
    return fail(400, 'info=user_count needs filter_by_prefix=presence-');
  }
  const channels: Record<string, Record<string, number>> = {};
  for (const [name, stats] of await ctx.adapter.allChannelStats(prefix)) {
    const attributes: Record<string, number> = {};
    if (info.has('user_count')) attributes.user_count = stats.userCount ?? 0;
    if (info.has('subscription_count')) attributes.subscription_count = stats.subscriptionCount;
    channels[name] = attributes;
  }
  return ok({ channels });
}

/** `GET /apps/:id/channels/:name?info=user_count,subscription_count`. */
export async function showChannel(ctx: ServerContext, name: string, params: Map<string, string>): Promise<ApiResult> {
  const problem = channelNameProblem(name, ctx.limits.maxChannelNameLength);
  if (problem) return fail(400, problem);
  const info = infoAttributes(params.get('info'));
  const presence = channelKind(name) === 'presence';
  if (info.has('user_count') && !presence) return fail(400, 'user_count is only available for presence channels');
  const stats = await ctx.adapter.channelStats(name);
  const answer: Record<string, unknown> = { occupied: stats.subscriptionCount > 0 };
  if (info.has('user_count')) answer.user_count = stats.userCount ?? 0;
  if (info.has('subscription_count')) answer.subscription_count = stats.subscriptionCount;
  return ok(answer);
}

/** `GET /apps/:id/channels/:name/users` — presence channels only. */
export async function channelUsers(ctx: ServerContext, name: string): Promise<ApiResult> {
  const problem = channelNameProblem(name, ctx.limits.maxChannelNameLength);
  if (problem) return fail(400, problem);
  if (channelKind(name) !== 'presence') return fail(400, 'Users are only available for presence channels');
  const members = await ctx.adapter.presenceMembers(name);
  return ok({ users: members.map((m) => ({ id: m.id })) });
}
