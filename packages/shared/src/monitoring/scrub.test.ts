import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubData, scrubEvent, scrubString, scrubUrl } from './index.js';

const hex64 = 'ab'.repeat(32);

describe('scrubString', () => {
  it('replaces email addresses, plain and URL-encoded', () => {
    expect(scrubString('no user for anna.schmidt+work@example.co.uk, sorry')).toBe('no user for [email], sorry');
    expect(scrubString('Key (email)=(BOB@Example.TEST) already exists')).toBe('Key (email)=([email]) already exists');
    expect(scrubString('/search?q=anna%40example.com')).toBe('/search?q=[email]');
  });

  it('replaces phone numbers in the usual shapes', () => {
    for (const phone of [
      '+49 30 1234567',
      '+49 (0)30 1234567',
      '+49-171-1234567',
      '+4930123456',
      '(030) 123-4567',
      '(030) 1234567',
      '030 1234567',
      '030/1234567',
      '0171-1234567',
      '0171 123 45 67',
      '555-123-4567',
      '+1 555 123 4567',
      '(555) 123-4567',
    ]) {
      expect(scrubString(`call ${phone} today`), phone).toBe('call [phone] today');
    }
  });

  it('leaves numbers that are not phone numbers', () => {
    for (const text of [
      'took 1234567 ms',
      'at 1700000000000',
      'version 11.12.0',
      'from 192.168.100.200',
      'on 2026-11-22',
      'on 01/02/2026',
      'job 550e8400-e29b-41d4-a716-446655440000',
      'line 30:12',
      'between 10 and 20',
    ]) {
      expect(scrubString(text), text).toBe(text);
    }
  });

  it('replaces street addresses', () => {
    for (const [text, expected] of [
      ['Karl-Marx-Allee 34', '[address]'],
      ['Karl-Marx-Allee 34, 10178 Berlin', '[address]'],
      ['Friedrichstraße 43-45', '[address]'],
      ['Hauptstr. 5a', '[address]'],
      ['Am Lindenweg 12', 'Am [address]'],
      ['221B Baker Street', '[address]'],
      ['10 Downing St', '[address]'],
      ['1600 Pennsylvania Avenue', '[address]'],
      // No street suffix: known by the postcode and town after the number.
      ['Unter den Linden 77, 10117 Berlin', '[address]'],
      ['Alt-Moabit 96, 10559 Berlin', '[address]'],
      ['Rue de Rivoli 99, 75001 Paris', '[address]'],
    ]) {
      expect(scrubString(`geocoding "${text}" failed`), text).toBe(`geocoding "${expected}" failed`);
    }
    expect(scrubString('expected 3 items, got 4')).toBe('expected 3 items, got 4');
    expect(scrubString('Job 12 moved, 3 visits left')).toBe('Job 12 moved, 3 visits left');
  });

  it('redacts cookies, Authorization headers and bearer credentials', () => {
    expect(scrubString('Cookie: fp_session=abc123def; theme=dark')).toBe('Cookie: [redacted]');
    expect(scrubString('sent fp_session=abc123def456 and __Host-fp_session=zzz')).toBe(
      'sent fp_session=[redacted] and __Host-fp_session=[redacted]',
    );
    expect(scrubString('Authorization: Bearer eyJhbGciOi.abc.def')).toBe('Authorization: [redacted]');
    expect(scrubString('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe('{"authorization":"[redacted]"}');
    expect(scrubString('retrying with Bearer 0123456789abcdef')).toBe('retrying with Bearer [redacted]');
  });

  it('redacts realtime auth strings (key:signature)', () => {
    expect(scrubString(`{"auth":"fp0123456789abcdef0123:${hex64}"}`)).toBe('{"auth":"[redacted]"}');
    expect(scrubString(`auth ${hex64}`)).toBe(`auth ${hex64}`);
  });

  it('redacts tokens in URLs inside text', () => {
    expect(scrubString('GET https://app.example/invite/Zx9_abc-123 failed')).toBe(
      'GET https://app.example/invite/[redacted] failed',
    );
  });
});

describe('scrubUrl', () => {
  it('redacts invite, iCal and tracking tokens and token query parameters', () => {
    expect(scrubUrl('/invite/abcDEF123_-x')).toBe('/invite/[redacted]');
    expect(scrubUrl('/api/v1/invitations/abcDEF123/accept')).toBe('/api/v1/invitations/[redacted]/accept');
    expect(scrubUrl('https://x.example/ical/tok3n.ics')).toBe('https://x.example/ical/[redacted]');
    expect(scrubUrl('/track/t0k3n?x=1')).toBe('/track/[redacted]?x=1');
    expect(scrubUrl('/feed?token=secret&page=2')).toBe('/feed?token=[redacted]&page=2');
    expect(scrubUrl('/x?a=1&access_token=s3cr3t#top')).toBe('/x?a=1&access_token=[redacted]#top');
    expect(scrubUrl('/members?email=a%40b.example')).toBe('/members?email=[email]');
  });

  it('keeps route patterns and ordinary URLs as they are', () => {
    expect(scrubUrl('/api/v1/invitations/:token/accept')).toBe('/api/v1/invitations/:token/accept');
    expect(scrubUrl('/api/v1/workspaces/ws_1/jobs/j_2?from=2026-01-01')).toBe(
      '/api/v1/workspaces/ws_1/jobs/j_2?from=2026-01-01',
    );
  });
});

describe('scrubEvent', () => {
  const event = {
    event_id: 'a'.repeat(32),
    release: 'fieldplan@0.1.0',
    environment: 'production',
    timestamp: 1_763_000_000.5,
    message: 'Could not reach anna@example.com at +49 30 1234567',
    user: { id: 'u_1', email: 'anna@example.com', username: 'Anna', ip_address: '203.0.113.9' },
    request: {
      url: 'https://app.example/invite/s3cretTok?token=abc',
      method: 'POST',
      query_string: 'token=abc&x=1',
      cookies: { fp_session: 'zzz' },
      data: { password: 'hunter22', name: 'Anna' },
      headers: { Cookie: 'fp_session=zzz', Authorization: 'Bearer abcdefghijkl', 'User-Agent': 'Firefox' },
    },
    exception: {
      values: [
        {
          type: 'Error',
          value: 'customer 221B Baker Street not found',
          stacktrace: { frames: [{ filename: 'app:///track/abc123', lineno: 4, vars: { password: 'x', n: 3 } }] },
        },
      ],
    },
    extra: { nested: { deeper: ['call (030) 123-4567'] }, authorization: 'Bearer x' },
    breadcrumbs: [{ category: 'fetch', data: { url: '/ical/tok.ics', status_code: 200 }, timestamp: 1 }],
  };

  it('scrubs personal data everywhere and keeps identifiers', () => {
    const out = scrubEvent(event);
    const raw = JSON.stringify(out);
    for (const secret of ['anna@', '1234567', 'Anna', '203.0.113.9', 's3cretTok', 'zzz', 'hunter22', 'abcdefghijkl']) {
      expect(raw, secret).not.toContain(secret);
    }
    expect(raw).not.toContain('Baker');
    expect(raw).not.toContain('tok.ics');
    expect(out.user).toEqual({ id: 'u_1' });
    expect(out.event_id).toBe(event.event_id);
    expect(out.release).toBe('fieldplan@0.1.0');
    expect(out.timestamp).toBe(event.timestamp);
    expect(out.message).toBe('Could not reach [email] at [phone]');
    expect(out.request).toEqual({
      url: 'https://app.example/invite/[redacted]?token=[redacted]',
      method: 'POST',
      query_string: 'token=[redacted]&x=1',
      headers: { 'User-Agent': 'Firefox' },
    });
    expect(out.exception.values[0]?.stacktrace.frames[0]).toEqual({
      filename: 'app:///track/[redacted]',
      lineno: 4,
      vars: { password: '[redacted]', n: 3 },
    });
    expect(out.breadcrumbs[0]?.data).toEqual({ url: '/ical/[redacted]', status_code: 200 });
  });

  it('does not change its input, and survives cycles', () => {
    const copy = structuredClone(event);
    scrubEvent(event);
    expect(event).toEqual(copy);
    const cyclic: Record<string, unknown> = { message: 'x' };
    cyclic.self = cyclic;
    expect(scrubEvent(cyclic)).toEqual({ message: 'x', self: '[…]' });
  });

  it('drops a user without an id', () => {
    expect(scrubEvent({ user: { email: 'a@b.example' } })).toEqual({});
  });
});

describe('scrubBreadcrumb', () => {
  it('scrubs the message and the data', () => {
    expect(
      scrubBreadcrumb({
        category: 'navigation',
        data: { from: '/invite/abc', to: '/w/1/dispatch' },
        message: 'typed bob@example.com',
      }),
    ).toEqual({
      category: 'navigation',
      data: { from: '/invite/[redacted]', to: '/w/1/dispatch' },
      message: 'typed [email]',
    });
  });
});

describe('scrubData', () => {
  it('scrubs any value: strings, nested objects and secret-named keys', () => {
    expect(scrubData('mail a@b.example')).toBe('mail [email]');
    expect(scrubData({ message: 'for a@b.example', detail: 'Key (email)=(a@b.example)', token: 'x', n: 1 })).toEqual({
      message: 'for [email]',
      detail: 'Key (email)=([email])',
      token: '[redacted]',
      n: 1,
    });
  });
});
