import { isRecord } from '../channels/admission.js';
import type { ServerContext } from '../context.js';
import { channelKind, channelNameProblem } from '../protocol/channel-names.js';
import { SOCKET_ID_PATTERN } from '../protocol/socket-id.js';
import { publishToChannel } from '../publish.js';
import { type ApiResult, fail, infoAttributes, ok, parseJson } from './result.js';

interface EventRequest {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info: Set<string>;
}

/** `POST /apps/:id/events` — `{name, data, channels | channel, socket_id?, info?}`. */
export async function triggerEvent(ctx: ServerContext, body: string): Promise<ApiResult> {
  const parsed = validateEvent(ctx, parseJson(body), ctx.limits.maxChannelsPerEvent);
  if ('status' in parsed) return parsed;
  publish(ctx, parsed);
  if (parsed.info.size === 0) return ok();
  const channels: Record<string, unknown> = {};
  for (const channel of parsed.channels) channels[channel] = await channelInfo(ctx, channel, parsed.info);
  return ok({ channels });
}

/** `POST /apps/:id/batch_events` — `{batch: [{channel, name, data, socket_id?, info?}]}`, all checked before any is sent. */
export async function triggerBatch(ctx: ServerContext, body: string): Promise<ApiResult> {
  const parsed = parseJson(body);
  const batch = isRecord(parsed) ? parsed.batch : undefined;
  if (!Array.isArray(batch) || batch.length === 0) return fail(400, 'batch must be a non-empty array');
  if (batch.length > ctx.limits.maxBatchSize)
    return fail(400, `batch holds more than ${ctx.limits.maxBatchSize} events`);
  const events: EventRequest[] = [];
  for (const item of batch) {
    const event = validateEvent(ctx, isRecord(item) ? { ...item, channels: [item.channel] } : item, 1);
    if ('status' in event) return event;
    events.push(event);
  }
  for (const event of events) publish(ctx, event);
  if (events.every((e) => e.info.size === 0)) return ok();
  const answers = [];
  for (const e of events) answers.push(e.info.size === 0 ? {} : await channelInfo(ctx, e.channels[0] ?? '', e.info));
  return ok({ batch: answers });
}

function publish(ctx: ServerContext, event: EventRequest): void {
  for (const channel of event.channels) publishToChannel(ctx, channel, event.name, event.data, event.socketId);
}

function validateEvent(ctx: ServerContext, value: unknown, maxChannels: number): EventRequest | ApiResult {
  if (!isRecord(value)) return fail(400, 'Body must be a JSON object');
  const { name, data, socket_id: socketId, info } = value;
  const channels = value.channels ?? (value.channel === undefined ? undefined : [value.channel]);
  if (typeof name !== 'string' || name === '') return fail(400, 'name is required');
  if (name.length > ctx.limits.maxEventNameLength)
    return fail(400, `name is longer than ${ctx.limits.maxEventNameLength}`);
  if (typeof data !== 'string') return fail(400, 'data must be a string');
  if (Buffer.byteLength(data) > ctx.limits.maxMessageBytes) {
    return fail(413, `data is larger than ${ctx.limits.maxMessageBytes} bytes`);
  }
  if (!Array.isArray(channels) || channels.length === 0) return fail(400, 'channels must be a non-empty array');
  if (channels.length > maxChannels) return fail(400, `More than ${maxChannels} channels`);
  for (const channel of channels) {
    const problem = channelNameProblem(channel, ctx.limits.maxChannelNameLength);
    if (problem) return fail(400, `${problem}: ${String(channel).slice(0, 200)}`);
  }
  if (socketId !== undefined && !(typeof socketId === 'string' && SOCKET_ID_PATTERN.test(socketId))) {
    return fail(400, 'socket_id is malformed');
  }
  if (info !== undefined && typeof info !== 'string') return fail(400, 'info must be a string');
  return { name, data, channels: channels as string[], socketId, info: infoAttributes(info) };
}

async function channelInfo(ctx: ServerContext, channel: string, info: Set<string>) {
  const stats = await ctx.adapter.channelStats(channel);
  const answer: Record<string, number> = {};
  if (info.has('subscription_count')) answer.subscription_count = stats.subscriptionCount;
  if (info.has('user_count') && channelKind(channel) === 'presence') answer.user_count = stats.userCount ?? 0;
  return answer;
}
