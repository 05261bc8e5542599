import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordHashParams, useTestPasswordWorkFactor, verifyPassword } from './crypto.js';

describe('password hashes', () => {
  afterEach(() => useTestPasswordWorkFactor());

  it('are made at N = 2^15, r = 8, p = 1 outside the test set-up', async () => {
    expect(passwordHashParams).toEqual({ N: 2 ** 15, r: 8, p: 1, keylen: 32 });
    useTestPasswordWorkFactor(passwordHashParams.N);
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('verify by the parameters they were made with, whatever the factor is now', async () => {
    useTestPasswordWorkFactor(2 ** 10);
    const cheap = await hashPassword('pässword');
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    useTestPasswordWorkFactor(passwordHashParams.N);
    expect(await verifyPassword('pässword', cheap)).toBe(true);
    // NFKC: the composed and decomposed spellings are one password.
    expect(await verifyPassword('pa\u0308ssword', cheap)).toBe(true);
    expect(await verifyPassword('password', cheap)).toBe(false);
  });
});
