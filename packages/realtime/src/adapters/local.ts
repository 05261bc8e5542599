import type { AdapterNode, ChannelStats, PresenceJoin, PresenceMember, RealtimeAdapter } from './adapter.js';
import { PresenceBook } from './presence-book.js';

/** Everything in this process: for one server process, and for tests. */
export function createLocalAdapter(): RealtimeAdapter {
  const book = new PresenceBook();
  let node: AdapterNode | undefined;

  const counts = () => node?.localSubscriptionCounts() ?? new Map<string, number>();
  const stats = (channel: string, subscriptionCount: number): ChannelStats =>
    channel.startsWith('presence-') ? { subscriptionCount, userCount: book.count(channel) } : { subscriptionCount };

  return {
    async start(n) {
      node = n;
    },
    broadcast() {},
    terminateUser() {},
    subscriptionCountChanged() {},
    async presenceJoin(channel, member, maxMembers): Promise<PresenceJoin> {
      if (!book.has(channel, member.id) && book.count(channel) >= maxMembers) return { status: 'full' };
      const { firstJoin } = book.join(channel, member);
      return { status: 'joined', firstJoin, members: book.members(channel) };
    },
    async presenceLeave(channel, userId) {
      return book.leave(channel, userId).lastLeave;
    },
    async presenceMembers(channel): Promise<PresenceMember[]> {
      return book.members(channel);
    },
    async channelStats(channel) {
      return stats(channel, counts().get(channel) ?? 0);
    },
    async allChannelStats(prefix = '') {
      const result = new Map<string, ChannelStats>();
      for (const [channel, count] of counts()) {
        if (count > 0 && channel.startsWith(prefix)) result.set(channel, stats(channel, count));
      }
      return result;
    },
    status: () => 'ok',
    async close() {},
  };
}
