// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the proof of work’s fallback SHA-256', () => {
  it('agrees with Node’s on empty, short, block-edge and long inputs', () => {
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
});
