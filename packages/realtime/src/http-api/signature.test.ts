import PusherServer from 'pusher';
import { describe, expect, it, vi } from 'vitest';
import { verifySignedRequest } from './signature.js';

const key = 'app-key';
const secret = 'app-secret';
const official = new PusherServer({ appId: '1', key, secret, host: 'localhost' });
const now = 1_800_000_000;

function signedAt(seconds: number, method: string, path: string, body?: string, params?: Record<string, string>) {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(seconds * 1000);
  try {
    return official.createSignedQueryString({ method, path, body, params });
  } finally {
    clock.mockRestore();
  }
}

const verify = (method: string, path: string, rawQuery: string, body = '', at = now) =>
  verifySignedRequest({ method, path, rawQuery, body }, key, secret, 600, at);

describe('HTTP API request signatures', () => {
  it('accepts requests signed by the official SDK, with and without a body and extra parameters', () => {
    const body = '{"name":"e","data":"{}","channels":["a"]}';
    expect(verify('POST', '/apps/1/events', signedAt(now, 'POST', '/apps/1/events', body), body).ok).toBe(true);
    const query = signedAt(now, 'GET', '/apps/1/channels', undefined, {
      filter_by_prefix: 'presence-',
      info: 'user_count',
    });
    const verdict = verify('GET', '/apps/1/channels', query);
    expect(verdict.ok && verdict.params.get('filter_by_prefix')).toBe('presence-');
  });

  it('refuses a changed path, method, parameter or body', () => {
    const body = '{"a":1}';
    const query = signedAt(now, 'POST', '/apps/1/events', body);
    expect(verify('POST', '/apps/1/batch_events', query, body)).toMatchObject({ ok: false, status: 401 });
    expect(verify('GET', '/apps/1/events', query, body)).toMatchObject({ ok: false, status: 401 });
    expect(verify('POST', '/apps/1/events', query, '{"a":2}')).toMatchObject({ ok: false, status: 401 });
    expect(verify('POST', '/apps/1/events', `${query}&extra=1`, body)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a timestamp more than 600 s away, either way', () => {
    const old = signedAt(now - 601, 'GET', '/apps/1/channels');
    expect(verify('GET', '/apps/1/channels', old)).toMatchObject({ ok: false, status: 401 });
    const future = signedAt(now + 601, 'GET', '/apps/1/channels');
    expect(verify('GET', '/apps/1/channels', future)).toMatchObject({ ok: false, status: 401 });
    expect(verify('GET', '/apps/1/channels', signedAt(now - 599, 'GET', '/apps/1/channels')).ok).toBe(true);
  });

  it('refuses a missing signature, another key, a repeated parameter or a malformed query', () => {
    expect(verify('GET', '/apps/1/channels', `auth_key=${key}&auth_timestamp=${now}&auth_version=1.0`).ok).toBe(false);
    expect(verify('GET', '/apps/1/channels', signedAt(now, 'GET', '/apps/1/channels').replace(key, 'other')).ok).toBe(
      false,
    );
    const query = signedAt(now, 'GET', '/apps/1/channels');
    expect(verify('GET', '/apps/1/channels', `${query}&auth_key=${key}`)).toMatchObject({ ok: false, status: 400 });
    expect(verify('GET', '/apps/1/channels', `${query}&x=%E0%A4%A`)).toMatchObject({ ok: false, status: 400 });
  });
});
