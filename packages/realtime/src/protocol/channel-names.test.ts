import { describe, expect, it } from 'vitest';
import { acceptsClientEvents, channelKind, channelNameProblem } from './channel-names.js';

describe('channel names', () => {
  it('tells the kind from the prefix', () => {
    expect(['jobs', 'private-a', 'private-encrypted-a', 'presence-a', '#server-to-user-7'].map(channelKind)).toEqual([
      'public',
      'private',
      'private',
      'presence',
      'user',
    ]);
  });

  it('allows up to 164 characters of A-Z a-z 0-9 _ - = @ , . ;', () => {
    expect(channelNameProblem('private-workspace-1_a=b@c,d.e;f', 164)).toBeNull();
    expect(channelNameProblem('a'.repeat(164), 164)).toBeNull();
    expect(channelNameProblem('a'.repeat(165), 164)).toMatch(/longer/);
    for (const bad of ['a b', 'a/b', 'é', '', 'a#b', 42]) expect(channelNameProblem(bad, 164)).not.toBeNull();
    expect(channelNameProblem('#server-to-user-u-1', 164)).toBeNull();
  });

  it('accepts client events on private and presence channels only', () => {
    expect(['jobs', 'private-a', 'presence-a', '#server-to-user-1'].map(acceptsClientEvents)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
