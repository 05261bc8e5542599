import { PermanentFailure } from './failure.js';

/** Texting customers: one interface, one adapter per provider (docs/adr/0029-notification-outbox.md). */
export interface SmsProvider {
  /** Sends one text; resolves with the provider's message id, rejects with the provider's reason. */
  send(to: string, body: string): Promise<string>;
}

export interface TwilioSettings {
  /** https://api.twilio.com, or a compatible service's base URL (tests: a stand-in on loopback). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded, basic auth. */
export function twilioSms(settings: TwilioSettings): SmsProvider {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: settings.from, Body: body }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let json: { sid?: unknown; message?: unknown; code?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // Not JSON (a proxy's error page): the status alone says what happened.
      }
      if (!res.ok) {
        const why = typeof json.message === 'string' ? `: ${json.message.slice(0, 200)}` : '';
        // 400 is the provider refusing this text (an invalid or blocked number): trying again changes nothing.
        const Failure = res.status === 400 ? PermanentFailure : Error;
        throw new Failure(`SMS provider answered ${res.status}${why}`);
      }
      if (typeof json.sid !== 'string') throw new Error('SMS provider answered without a message sid');
      return json.sid;
    },
  };
}
