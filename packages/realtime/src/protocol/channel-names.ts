/** What a channel's name makes it; `user` is the `#server-to-user-{id}` channel of a signed-in user. */
export type ChannelKind = 'public' | 'private' | 'presence' | 'user';

const NAME_CHARS = /^[A-Za-z0-9_\-=@,.;]+$/;
export const USER_CHANNEL_PREFIX = '#server-to-user-';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith(USER_CHANNEL_PREFIX)) return 'user';
  return 'public';
}

/** Why `name` is not a valid channel name, or null when it is. */
export function channelNameProblem(name: unknown, maxLength: number): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'Channel name missing';
  if (name.length > maxLength) return `Channel name longer than ${maxLength} characters`;
  const bare = name.startsWith(USER_CHANNEL_PREFIX) ? name.slice(USER_CHANNEL_PREFIX.length) : name;
  if (!NAME_CHARS.test(bare)) return 'Channel name may only contain A-Z a-z 0-9 _ - = @ , . ;';
  return null;
}

/** Channels where clients may send `client-` events (their subscriptions were authorized). */
export function acceptsClientEvents(name: string): boolean {
  const kind = channelKind(name);
  return kind === 'private' || kind === 'presence';
}
