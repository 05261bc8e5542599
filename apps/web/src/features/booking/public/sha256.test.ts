// @vitest-environment node
import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { zeroBits } from './pow-core';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the proof of work in the browser', () => {
  it('the fallback SHA-256 agrees with Node’s on empty, short, block-edge and long inputs', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'ch4llenge:123456',
      'ü'.repeat(300),
    ]) {
      expect(hex(sha256(new TextEncoder().encode(text))), text.slice(0, 20)).toBe(node(text));
    }
  });

  it('counts leading zero bits as the server does', () => {
    const digests = [
      [0x80],
      [0x01],
      [0x00, 0x00, 0x10],
      [0x00, 0xff],
      [0x00, 0x00, 0x00, 0x00],
      [0x0f, 0x00],
      ...Array.from({ length: 50 }, (_, i) => [...sha256(new TextEncoder().encode(`x:${i}`))]),
    ].map((bytes) => new Uint8Array(bytes));
    for (const digest of digests) expect(zeroBits(digest), hex(digest)).toBe(leadingZeroBits(digest));
  });
});
