import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import { channelAuthText, sign, userAuthText, verifyHmac, verifySocketAuth } from './auth.js';

const key = 'app-key';
const secret = 'app-secret';
const official = new PusherServer({ appId: '1', key, secret, host: 'localhost' });

describe('socket auth signatures', () => {
  it('accepts what the official SDK signs for private and presence channels', () => {
    const priv = official.authorizeChannel('123.456', 'private-a');
    expect(verifySocketAuth(priv.auth, key, secret, channelAuthText('123.456', 'private-a'))).toBe(true);
    const presence = official.authorizeChannel('123.456', 'presence-a', { user_id: 'u1', user_info: { name: 'Ann' } });
    const text = channelAuthText('123.456', 'presence-a', presence.channel_data);
    expect(verifySocketAuth(presence.auth, key, secret, text)).toBe(true);
  });

  it('accepts what the official SDK signs for a user sign-in', () => {
    const user = official.authenticateUser('1.2', { id: 'u1' });
    expect(verifySocketAuth(user.auth, key, secret, userAuthText('1.2', user.user_data))).toBe(true);
  });

  it('refuses another socket, another channel, another key, a truncated or non-hex signature', () => {
    const { auth } = official.authorizeChannel('1.1', 'private-a');
    const signature = auth.split(':')[1] ?? '';
    expect(verifySocketAuth(auth, key, secret, channelAuthText('1.2', 'private-a'))).toBe(false);
    expect(verifySocketAuth(auth, key, secret, channelAuthText('1.1', 'private-b'))).toBe(false);
    expect(verifySocketAuth(`other:${signature}`, key, secret, channelAuthText('1.1', 'private-a'))).toBe(false);
    expect(verifySocketAuth(`${key}:${signature.slice(1)}`, key, secret, channelAuthText('1.1', 'private-a'))).toBe(
      false,
    );
    expect(verifySocketAuth(`${key}:${'z'.repeat(64)}`, key, secret, channelAuthText('1.1', 'private-a'))).toBe(false);
    expect(verifySocketAuth(undefined, key, secret, 'x')).toBe(false);
  });

  it('compares hex case-insensitively, as bytes', () => {
    expect(verifyHmac(secret, 'text', sign(secret, 'text').toUpperCase())).toBe(true);
  });
});
