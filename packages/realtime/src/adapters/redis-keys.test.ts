import { describe, expect, it } from 'vitest';
import { decodeEnvelope, encodeEnvelope } from './redis-keys.js';

describe('pub/sub envelopes', () => {
  it('round-trips events (frames with newlines in their data included) and terminations', () => {
    const event = {
      kind: 'event',
      origin: 'n1',
      channel: 'jobs',
      except: '1.2',
      frame: '{"data":"a\\nb"}\nraw',
    } as const;
    expect(decodeEnvelope(encodeEnvelope(event))).toEqual(event);
    const noExcept = { ...event, except: '' };
    expect(decodeEnvelope(encodeEnvelope(noExcept))).toEqual(noExcept);
    const terminate = { kind: 'terminate', origin: 'n1', userId: 'user\nwith newline' } as const;
    expect(decodeEnvelope(encodeEnvelope(terminate))).toEqual(terminate);
    const resynced = { kind: 'resynced', origin: 'n2' } as const;
    expect(decodeEnvelope(encodeEnvelope(resynced))).toEqual(resynced);
  });

  it('ignores messages it does not know', () => {
    expect(decodeEnvelope('hello')).toBeNull();
    expect(decodeEnvelope('E\nonly\ntwo')).toBeNull();
    expect(decodeEnvelope('R\nn2\nextra')).toBeNull();
  });
});
