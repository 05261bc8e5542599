import type { PresenceMember } from './adapter.js';

interface Entry {
  info: unknown;
  connections: number;
}

/** Presence members of one process: channel → user → info and how many of its connections are in. */
export class PresenceBook {
  private readonly channels = new Map<string, Map<string, Entry>>();

  /** Adds one connection; `firstJoin` when the user had none on the channel. */
  join(channel: string, member: PresenceMember): { firstJoin: boolean } {
    let users = this.channels.get(channel);
    if (!users) {
      users = new Map();
      this.channels.set(channel, users);
    }
    const entry = users.get(member.id);
    if (entry) {
      entry.connections += 1;
      return { firstJoin: false };
    }
    users.set(member.id, { info: member.info, connections: 1 });
    return { firstJoin: true };
  }

  /** Removes one connection; `lastLeave` when it was the user's last one on the channel. */
  leave(channel: string, userId: string): { lastLeave: boolean } {
    const users = this.channels.get(channel);
    const entry = users?.get(userId);
    if (!users || !entry) return { lastLeave: false };
    entry.connections -= 1;
    if (entry.connections > 0) return { lastLeave: false };
    users.delete(userId);
    if (users.size === 0) this.channels.delete(channel);
    return { lastLeave: true };
  }

  has(channel: string, userId: string): boolean {
    return this.channels.get(channel)?.has(userId) ?? false;
  }

  count(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  members(channel: string): PresenceMember[] {
    return [...(this.channels.get(channel) ?? [])].map(([id, e]) => ({ id, info: e.info }));
  }

  channelNames(): string[] {
    return [...this.channels.keys()];
  }

  /** user → { info, connections } of one channel, for writing this process's share to a backplane. */
  entries(channel: string): ReadonlyMap<string, Readonly<Entry>> {
    return this.channels.get(channel) ?? new Map();
  }
}
